import { TRANSACTION_SIDE_LABELS, type StageOption, type StatusOption, type TransactionDetail } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Form, SelectInput, Title, useBasename, useNotify } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { MultiSelect } from '../../shared/form-fields';
import { transactionsApi } from '..';
import type { FormChoice } from '../api';
import { transactionDocumentsPath, transactionsPath, transactionTasksPath } from '../paths';
import { FieldInput } from './FieldInput';
import { HistoryPanel } from './HistoryPanel';
import type { HistoryLookups } from './history';
import { TRANSACTION_DETAIL_LABELS as L, TRANSACTION_EDIT_MESSAGES as M } from './messages';
import { loadChoices, loadStages, loadStatuses, useChoices, useLoaded } from './options';
import {
  buildChanges,
  choiceElementOf,
  formSections,
  grossCommission,
  pageFormValues,
  placeFieldErrors,
  sameValue,
  type FormValues,
} from './pageForm';
import { CommentsArea, DerivedTag, Fact, fieldText, StageTag, StatusTag, TagChips, taskLinkText, transactionTitle } from './parts';
import { EsignTabButton } from '../../esign/board/EsignTabButton';
import { StatusChangeDialog } from './StatusChangeDialog';
import { useDefaultPageForm } from './useDefaultPageForm';
import { useTransaction } from './useTransaction';

/** The select-options lists of the page's own dropdowns and the system selects (lead types, appointment set by). */
const PREFETCHED_CHOICES = ['tc', 'tag', 'agent', 'lead_type', 'original_lead_type'] as const;

const TYPE_CHOICES = [
  { id: 'b', name: L.buyer },
  { id: 's', name: L.seller },
];

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Card sx={{ mb: 2 }} data-testid={testId}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/** Inputs in two columns on wide screens, one at 960 px and less. */
const FieldGrid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
    {children}
  </Box>
);

/** /app/transactions/{id}: the transaction page (spec 001 sections 2, 3, 5 and 9). */
const TransactionPage = () => {
  const { id } = useParams();
  const basename = useBasename();
  const teamFormId = useDefaultPageForm();
  const { detail, error, reload } = useTransaction(id, teamFormId);
  const statuses = useLoaded(loadStatuses, [] as StatusOption[], 'statuses');
  const stages = useLoaded(loadStages, [] as StageOption[], 'stages');
  const [historyKey, setHistoryKey] = useState(0);
  const [changingStatus, setChangingStatus] = useState(false);

  // The lists every page form uses, asked for beside the transaction rather than after it.
  useEffect(() => {
    for (const element of PREFETCHED_CHOICES) loadChoices(element).catch(() => undefined);
  }, []);

  const elements = useMemo(() => {
    if (!detail) return [];
    const list = new Set<string>(['tc', 'tag']);
    if (detail.can_edit === 'all') list.add('agent');
    for (const field of detail.fields) {
      const element = choiceElementOf(field);
      if (element) list.add(element);
    }
    return [...list];
  }, [detail]);
  const choices = useChoices(elements);

  const lookups = useMemo<HistoryLookups>(() => {
    const byValue = (list: readonly FormChoice[] | undefined) =>
      new Map((list ?? []).map((choice) => [String(choice.value), choice.label]));
    return {
      stages: new Map(stages.map((stage) => [String(stage.id), stage.label])),
      statuses: new Map(statuses.map((status) => [String(status.id), status.label])),
      agents: new Map([...byValue(choices?.agent), ...byValue(choices?.tc)]),
      tags: byValue(choices?.tag),
      leadTypes: byValue(choices?.lead_type),
      types: new Map((detail?.fields ?? []).map((field) => [field.field_key, field.type])),
    };
  }, [stages, statuses, choices, detail]);

  const changed = async () => {
    await reload();
    setHistoryKey((value) => value + 1);
  };

  const title = detail ? transactionTitle(detail) : L.pageTitle;
  const back = (
    <Button
      component={RouterLink}
      to={transactionsPath(basename)}
      startIcon={<ArrowBackIcon />}
      data-testid="transaction-page-back"
      sx={{ mb: 1 }}
    >
      {L.backToList}
    </Button>
  );

  if (error) {
    return (
      <Box data-testid="transaction-page" sx={{ py: 2, maxWidth: 720 }}>
        <Title title={L.pageTitle} />
        {back}
        <Alert severity="error" data-testid="transaction-page-error">
          {error}
        </Alert>
      </Box>
    );
  }

  return (
    <Box data-testid="transaction-page" data-loaded={detail ? 'true' : 'false'} sx={{ py: 2 }}>
      <Title title={L.pageTitle} />
      {back}
      {!detail ? (
        <PageSkeleton />
      ) : (
        <>
          <Header
            detail={detail}
            statuses={statuses}
            stages={stages}
            title={title}
            basename={basename}
            onChangeStatus={() => setChangingStatus(true)}
          />
          <Box
            sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' } }}
          >
            <Box sx={{ minWidth: 0 }}>
              {choices === null ? (
                <PageSkeleton />
              ) : (
                <PageForm
                  key={`${detail.client_id}:${detail.version}:${detail.team_form_id}`}
                  detail={detail}
                  stages={stages}
                  choices={choices}
                  onSaved={changed}
                />
              )}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Section title={L.history} testId="transaction-history-section">
                <HistoryPanel clientId={detail.client_id} reloadKey={historyKey} lookups={lookups} />
              </Section>
              <CommentsArea clientId={detail.client_id} />
            </Box>
          </Box>
          {changingStatus && (
            <StatusChangeDialog
              detail={detail}
              statuses={statuses}
              onClose={() => setChangingStatus(false)}
              onChanged={() => void changed()}
            />
          )}
        </>
      )}
    </Box>
  );
};

const PageSkeleton = () => (
  <Box role="status" aria-busy="true" aria-label={L.loading} data-testid="transaction-page-loading">
    {[3, 4].map((rows, section) => (
      <Card key={section} sx={{ mb: 2 }}>
        <CardContent>
          <Skeleton variant="text" width="30%" height={32} />
          {Array.from({ length: rows }, (_, row) => (
            <Skeleton key={row} variant="rounded" height={40} sx={{ mt: 1.5 }} />
          ))}
        </CardContent>
      </Card>
    ))}
  </Box>
);

/** The header: address or name, type, status and Progress tags, stage, tags, agent, TC; Change Status; Tasks and Documents. */
const Header = ({
  detail,
  statuses,
  stages,
  title,
  basename,
  onChangeStatus,
}: {
  detail: TransactionDetail;
  statuses: readonly StatusOption[];
  stages: readonly StageOption[];
  title: string;
  basename: string;
  onChangeStatus: () => void;
}) => (
  <Card sx={{ mb: 2 }} data-testid="transaction-header">
    <CardContent>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="transaction-page-title">
            {title}
          </Typography>
          {detail.address && detail.contact_name && (
            <Typography variant="body2" color="text.secondary" data-testid="transaction-page-contact">
              {detail.contact_name}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
            <Typography variant="subtitle2" component="span" data-testid="transaction-page-type">
              {TRANSACTION_SIDE_LABELS[detail.side] ?? detail.type}
            </Typography>
            <StatusTag detail={detail} statuses={statuses} />
            <DerivedTag detail={detail} />
            <StageTag stageId={detail.stage?.id} stages={stages} />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {detail.can_edit !== 'none' && (
            <Button variant="contained" onClick={onChangeStatus} data-testid="transaction-change-status">
              {L.changeStatus}
            </Button>
          )}
          <Button
            component={RouterLink}
            to={transactionTasksPath(basename, detail.id)}
            variant="outlined"
            data-testid="transaction-page-tasks"
          >
            {taskLinkText(L.tasks, detail)}
          </Button>
          <Button
            component={RouterLink}
            to={transactionDocumentsPath(basename, detail.id)}
            variant="outlined"
            data-testid="transaction-page-documents"
          >
            {L.documents}
          </Button>
          <EsignTabButton clientId={detail.id} />
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Fact label={L.agent} testId="transaction-page-agent">
          {detail.primary_agent || L.none}
        </Fact>
        <Fact label={L.tc} testId="transaction-page-tc">
          {detail.tc_agent || L.none}
        </Fact>
        <Fact label={L.tags}>
          <TagChips tags={detail.tags} />
        </Fact>
      </Box>
      {detail.can_edit === 'none' && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="transaction-page-readonly">
          {L.readOnly}
        </Alert>
      )}
    </CardContent>
  </Card>
);

/** gross_commission_amt follows trans_amt x gci_pct / 100 whenever either changes (spec 001 section 3's calculator). */
const GrossCommissionCalculator = () => {
  const { setValue, getValues } = useFormContext();
  const [amount, percent] = useWatch({ name: ['trans_amt', 'gci_pct'] });
  const previous = useRef<[unknown, unknown] | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = [amount, percent];
    // The loaded values are the server's: only a change recomputes.
    if (before === null || (sameValue(before[0], amount) && sameValue(before[1], percent))) return;
    const gross = grossCommission(amount, percent);
    if (gross !== null && !sameValue(getValues('gross_commission_amt'), gross)) {
      setValue('gross_commission_amt', gross, { shouldDirty: true, shouldValidate: true });
    }
  }, [amount, percent, getValues, setValue]);
  return null;
};

const SaveBar = ({ error }: { error: string | null }) => {
  const { isSubmitting, isDirty } = useFormState();
  return (
    // Sticky at the bottom of the window: Save stays in reach on a long form.
    <Box
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        mb: 2,
        py: 1.5,
        px: 2,
        bgcolor: 'background.paper',
        borderTop: '1px solid',
        borderColor: 'divider',
        boxShadow: 3,
        borderRadius: 1,
      }}
    >
      {error && (
        <Alert severity="error" sx={{ flex: '1 1 240px' }} data-testid="transaction-save-error">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty} data-testid="transaction-save">
        {isSubmitting ? L.saving : L.save}
      </Button>
    </Box>
  );
};

/** The form section by section with the shared inputs; Save sends the changed fields (preset page). */
const PageForm = ({
  detail,
  stages,
  choices,
  onSaved,
}: {
  detail: TransactionDetail;
  stages: readonly StageOption[];
  choices: Record<string, FormChoice[]>;
  onSaved: () => Promise<void>;
}) => {
  const notify = useNotify();
  const initial = useMemo(() => pageFormValues(detail, choices), [detail, choices]);
  const [formError, setFormError] = useState<string | null>(null);
  const readOnly = detail.can_edit === 'none';
  const sections = useMemo(() => formSections(detail.fields, detail.side), [detail]);
  const labels = useMemo(() => new Map(detail.fields.map((field) => [field.field_key, field.label])), [detail]);
  const hasField = (key: string) => detail.fields.some((field) => field.field_key === key);

  const save = async (values: FormValues) => {
    setFormError(null);
    const changes = buildChanges('page', initial, values, {
      pageFieldKeys: detail.fields.map((field) => field.field_key),
      canEdit: detail.can_edit,
    });
    if (Object.keys(changes).length === 0) {
      notify(L.noChanges, { type: 'info' });
      return undefined;
    }
    try {
      await transactionsApi.updateTransaction(detail.client_id, 'page', changes);
      notify(M.saved, { type: 'success' });
      await onSaved();
      return undefined;
    } catch (caught) {
      if (statusOf(caught) === 400) {
        const placed = placeFieldErrors(caught, {
          prefix: 'changes.',
          known: (field) => field in initial,
          labelOf: (field) => labels.get(field) ?? field,
        });
        setFormError(placed.unplaced.length > 0 ? placed.unplaced.join(' · ') : L.formHasErrors);
        notify(L.formHasErrors, { type: 'error' });
        return placed.fields;
      }
      const message = messageOf(caught, L.saveFailed);
      setFormError(message);
      notify(message, { type: 'error' });
      return undefined;
    }
  };

  if (readOnly) return <ReadOnlyView detail={detail} stages={stages} sections={sections} />;

  const choiceList = (element: string) => (choices[element] ?? []).map((choice) => ({ id: choice.value, name: choice.label }));
  const stageChoices = stages.length > 0 ? stages.map((stage) => ({ id: stage.id, name: stage.label })) : [];

  return (
    <Form record={initial} onSubmit={save} noValidate mode="onBlur" reValidateMode="onChange">
      <Box data-testid="transaction-form" data-readonly="false">
        {hasField('trans_amt') && hasField('gci_pct') && hasField('gross_commission_amt') && <GrossCommissionCalculator />}
        <Section title={L.sections.assignment} testId="transaction-section-assignment">
          <FieldGrid>
            <Box data-testid="field-type">
              <SelectInput source="type" label={L.type} choices={TYPE_CHOICES} margin="dense" fullWidth emptyText={L.none} />
            </Box>
            <Box data-testid="field-client_stage_id">
              <SelectInput source="client_stage_id" label={L.stage} choices={stageChoices} margin="dense" fullWidth emptyText={L.noStage} />
            </Box>
            <Box data-testid="field-agent_id">
              {detail.can_edit === 'all' ? (
                <SelectInput source="agent_id" label={L.agent} choices={choiceList('agent')} margin="dense" fullWidth />
              ) : (
                <TextField
                  label={L.agent}
                  value={detail.primary_agent || L.none}
                  margin="dense"
                  fullWidth
                  slotProps={{ htmlInput: { readOnly: true } }}
                  helperText=" "
                />
              )}
            </Box>
            <Box data-testid="field-tc_agent_id">
              <SelectInput source="tc_agent_id" label={L.tc} choices={choiceList('tc')} margin="dense" fullWidth emptyText={L.noTc} />
            </Box>
            <Box data-testid="field-tags" sx={{ gridColumn: '1 / -1' }}>
              <MultiSelect source="tags" label={L.tags} choices={choiceList('tag')} />
            </Box>
          </FieldGrid>
        </Section>
        {sections.map((section) => (
          <Section key={section.key} title={L.sections[section.key]} testId={`transaction-section-${section.key}`}>
            <FieldGrid>
              {section.fields.map((field) => {
                const element = choiceElementOf(field);
                return <FieldInput key={field.field_key} field={field} choices={element ? choices[element] : undefined} />;
              })}
            </FieldGrid>
          </Section>
        ))}
        <SaveBar error={formError} />
      </Box>
    </Form>
  );
};

/** What a user who may not change the transaction (VENDOR) sees: the same sections, as text. */
const ReadOnlyView = ({
  detail,
  stages,
  sections,
}: {
  detail: TransactionDetail;
  stages: readonly StageOption[];
  sections: ReturnType<typeof formSections<TransactionDetail['fields'][number]>>;
}) => {
  const stage = stages.find((item) => item.id === detail.stage?.id);
  const grid = {
    m: 0,
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
  } as const;
  return (
    <Box data-testid="transaction-form" data-readonly="true">
      <Section title={L.sections.assignment} testId="transaction-section-assignment">
        <Box component="dl" sx={grid}>
          <Fact label={L.type}>{TRANSACTION_SIDE_LABELS[detail.side] ?? detail.type}</Fact>
          <Fact label={L.stage}>{stage?.label ?? L.none}</Fact>
          <Fact label={L.agent}>{detail.primary_agent || L.none}</Fact>
          <Fact label={L.tc}>{detail.tc_agent || L.none}</Fact>
          <Fact label={L.tags}>
            <TagChips tags={detail.tags} />
          </Fact>
        </Box>
      </Section>
      {sections.map((section) => (
        <Section key={section.key} title={L.sections[section.key]} testId={`transaction-section-${section.key}`}>
          <Box component="dl" sx={grid}>
            {section.fields.map((field) => (
              <Fact key={field.field_key} label={field.label} testId={`field-${field.field_key}`}>
                {fieldText(field.type, detail.values?.[field.field_key]?.value)}
              </Fact>
            ))}
          </Box>
        </Section>
      ))}
    </Box>
  );
};

export default TransactionPage;
