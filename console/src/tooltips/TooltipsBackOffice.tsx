import type { TooltipRecord, TooltipUpdate } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, SelectInput, useDataProvider, useGetOne, useNotify, type RaRecord } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link as RouterLink, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { PageFrame, FormRow, SectionCard } from '../shared/page/PageFrame';
import { ListLoadState } from '../shared/load/LoadState';
import { ListTable, type ListColumn } from '../shared/table/ListTable';
import { submitErrors } from '../shared/forms/submitErrors';
import { loadErrorOf, READ_OPTIONS, useResourceList } from '../shared/load/useResourceList';
import type { WriteMeta } from '../dataProvider/dataProvider';
import { RichTextInput, WholeNumberInput } from '../shared/form-fields';
import { contentPreview, editLinkOf, formValuesOf, marketIdOf, POSITION_CHOICES, TOOLTIPS, tooltipUpdateOf } from './backOfficeRules';
import { TOOLTIP_LABELS as L } from './messages';
import { refreshTooltips } from './TooltipsLoader';

/** /app/backoffice/tooltips: every tooltip row (the default of each id, then the markets' overrides). */
const TooltipList = () => {
  const tooltips = useResourceList<TooltipRecord & RaRecord>(TOOLTIPS);
  const list = tooltips.data ?? [];
  const columns: ListColumn<TooltipRecord>[] = [
    { key: 'id', header: L.columns.id, render: (row) => <span data-testid={`tooltip-id-${row.id}-${row.market_id}`}>{row.id}</span> },
    { key: 'key', header: L.columns.key, render: (row) => row.key ?? '—' },
    { key: 'market', header: L.columns.market, render: (row) => row.market_id },
    { key: 'position', header: L.columns.position, render: (row) => L.positions[row.position] },
    { key: 'content', header: L.columns.content, render: (row) => contentPreview(row.content) },
  ];
  return (
    <PageFrame title={L.listTitle} testId="tooltips-page" maxWidth={1100}>
      <SectionCard>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {L.listIntro}
        </Typography>
        <ListLoadState
          testIdPrefix="tooltips"
          error={tooltips.error}
          onRetry={tooltips.reload}
          loading={tooltips.loading && !tooltips.data}
          empty={list.length === 0}
          emptyIcon={<HelpOutlineIcon fontSize="large" />}
          emptyText={L.none}
        >
          <ListTable
            testId="tooltips-table"
            minWidth={720}
            columns={columns}
            rows={list}
            rowKey={(row) => `${row.id}:${row.market_id}`}
            rowAttributes={(row) => ({ 'data-testid': `tooltip-row-${row.id}-${row.market_id}` })}
            actions={(row) => (
              <Button
                component={RouterLink}
                to={editLinkOf(row)}
                size="small"
                startIcon={<EditIcon />}
                aria-label={`${L.edit} ${row.id}`}
                data-testid={`tooltip-edit-${row.id}-${row.market_id}`}
              >
                {L.edit}
              </Button>
            )}
          />
        </ListLoadState>
      </SectionCard>
    </PageFrame>
  );
};

const SaveTooltip = () => {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="tooltip-save">
      {L.save}
    </Button>
  );
};

/** /app/backoffice/tooltips/{id}?market_id=: the content (RichTextInput), position and market of a tooltip. */
const TooltipEdit = () => {
  const id = Number(useParams().id);
  const marketId = marketIdOf(useLocation().search);
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  // The record as this market sees it: GET /tooltips/{id}?market_id= (docs/tooltips-api.md).
  const meta = { query: { market_id: marketId } };
  const loaded = useGetOne<TooltipRecord & RaRecord>(TOOLTIPS, { id, meta }, READ_OPTIONS);
  const tooltip = {
    data: loaded.data ?? null,
    error: loadErrorOf(loaded.error),
    loading: loaded.isFetching || loaded.isPending,
    reload: () => void loaded.refetch(),
  };
  const [version, setVersion] = useState(0);
  // The save's answer carries the spec's message: the data provider's own update, through React Query.
  const save = useMutation({
    mutationFn: (update: TooltipUpdate) =>
      dataProvider.update<TooltipRecord & RaRecord>(TOOLTIPS, { id, data: update, previousData: loaded.data }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData([TOOLTIPS, 'getOne', { id: String(id), meta }], data);
      void queryClient.invalidateQueries({ queryKey: [TOOLTIPS, 'getList'] });
    },
  });

  const submit = async (values: Record<string, unknown>) => {
    try {
      const answer = await save.mutateAsync(tooltipUpdateOf(values));
      setVersion((v) => v + 1);
      const message = ((answer.meta as WriteMeta | undefined)?.answer as { message?: string } | null)?.message;
      notify(message || L.updated, { type: 'success' });
      // The ? icons of this console show the new content at once.
      void refreshTooltips();
      return undefined;
    } catch (error) {
      return submitErrors(error, notify, ['content', 'position', 'market_id']);
    }
  };

  return (
    <PageFrame title={L.editTitle} testId="tooltip-edit-page" maxWidth={900}>
      <Box sx={{ mb: 1 }}>
        <Button component={RouterLink} to="/app/backoffice/tooltips" startIcon={<ArrowBackIcon />} size="small">
          {L.back}
        </Button>
      </Box>
      <SectionCard title={tooltip.data?.key ? `${tooltip.data.id} · ${tooltip.data.key}` : Number.isFinite(id) ? String(id) : undefined}>
        <ListLoadState
          testIdPrefix="tooltip"
          error={tooltip.error}
          onRetry={tooltip.reload}
          loading={tooltip.loading && !tooltip.data}
          empty={false}
          emptyText=""
        >
          {tooltip.data && (
            <Form key={version} record={formValuesOf(tooltip.data, marketId)} onSubmit={submit} disableInvalidFormNotification>
              <Box data-testid="tooltip-form">
                <RichTextInput source="content" label={L.content} required fullWidth data-testid="tooltip-content" />
                <FormRow>
                  <SelectInput source="position" label={L.position} choices={POSITION_CHOICES} data-testid="tooltip-position" />
                  <WholeNumberInput source="market_id" label={L.market} required data-testid="tooltip-market" />
                </FormRow>
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                  <SaveTooltip />
                </Box>
              </Box>
            </Form>
          )}
        </ListLoadState>
      </SectionCard>
    </PageFrame>
  );
};

/** The tooltip back office (manage_tooltips): the list and each tooltip's page. */
const TooltipsBackOffice = () => (
  <Routes>
    <Route index element={<TooltipList />} />
    <Route path=":id" element={<TooltipEdit />} />
  </Routes>
);

export default TooltipsBackOffice;
