import type { FieldError, GoalsResponse, GoalsRow } from '@app/contracts';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Confirm, Form, useNotify } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { dashboardsApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { fieldErrorsOf, messageOf } from '../../shared/forms/fieldErrors';
import { LoadError, LoadingRows } from '../../shared/load/LoadState';
import { CurrencyInput, WholeNumberInput } from '../../shared/form-fields';
import { DASHBOARD_ADMIN_LABELS as L, DASHBOARD_ADMIN_MESSAGES, DASHBOARD_MESSAGES } from '../messages';
import { SaveBar } from '../SaveBar';
import { VISUALLY_HIDDEN } from '../visuallyHidden';
import {
  cellSource,
  changesOf,
  columnsOf,
  formValuesOf,
  parseYear,
  placeErrors,
  rowKeyOf,
  updateOf,
  yearChoices,
  type GoalColumn,
  type GoalsFormValues,
} from './goalsState';

const FORM_ID = 'goals-form';

/**
 * One cell's input: the shared currency input for amounts (USD, 2 decimals), the whole-number one for
 * counts. Its name reads 'Closed for Team' in both layouts; the table hides the label (the column and the
 * row say it), the stacked rows show the metric.
 */
const GoalInput = ({ row, column }: { row: GoalsRow; column: GoalColumn }) => {
  const label = (
    <span>
      {column.label}
      <span style={VISUALLY_HIDDEN}>{L.cellLabelTail(row.name)}</span>
    </span>
  );
  const source = cellSource(row.agent_id, column.metric);
  return column.amount ? (
    <CurrencyInput source={source} label={label} helperText={false} />
  ) : (
    <WholeNumberInput source={source} label={label} helperText={false} />
  );
};

/** Wide screens: a row per person, a column per metric; the table scrolls inside its card if it must. */
const GoalsTable = ({ rows, columns, year }: { rows: readonly GoalsRow[]; columns: readonly GoalColumn[]; year: number }) => (
  <TableContainer tabIndex={0} role="region" aria-label={L.goalsTable} sx={{ overflowX: 'auto', contain: 'inline-size' }}>
    <Table
      size="small"
      data-testid="goals-table"
      data-year={year}
      sx={{
        minWidth: 880,
        '& .MuiTableCell-root': { px: 0.75, py: 0.5 },
        // The label is the input's name for assistive tech; the header says it on screen.
        '& .MuiInputLabel-root': VISUALLY_HIDDEN,
        '& .MuiFormControl-root': { my: 0 },
        '& .MuiFilledInput-input': { pt: 1, pb: 1 },
        '& .MuiFormHelperText-root': { mx: 0, whiteSpace: 'normal' },
      }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600, position: 'sticky', left: 0, zIndex: 2, bgcolor: 'background.paper' }}>{L.name}</TableCell>
          {columns.map((column) => (
            <TableCell
              key={column.metric}
              data-testid={`goals-col-${column.metric}`}
              sx={{ fontWeight: 600, whiteSpace: 'nowrap', minWidth: column.amount ? 150 : 104 }}
            >
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKeyOf(row.agent_id)} data-testid="goals-row" data-key={rowKeyOf(row.agent_id)}>
            <TableCell
              component="th"
              scope="row"
              sx={{
                position: 'sticky',
                left: 0,
                zIndex: 1,
                bgcolor: 'background.paper',
                fontWeight: row.agent_id === null ? 600 : 400,
                minWidth: 150,
                maxWidth: 220,
                overflowWrap: 'anywhere',
              }}
            >
              {row.name}
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.metric} sx={{ verticalAlign: 'top' }}>
                <GoalInput row={row} column={column} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);

/** 960 px or less: each person's goals stacked under their name, two or more inputs a line. */
const GoalsStacked = ({ rows, columns, year }: { rows: readonly GoalsRow[]; columns: readonly GoalColumn[]; year: number }) => (
  <Box data-testid="goals-stacked" data-year={year}>
    {rows.map((row) => {
      const key = rowKeyOf(row.agent_id);
      return (
        <Box
          component="section"
          key={key}
          data-testid="goals-row"
          data-key={key}
          aria-labelledby={`goals-row-${key}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, mb: 1.5 }}
        >
          <Typography id={`goals-row-${key}`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.name}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', columnGap: 1.5 }}>
            {columns.map((column) => (
              <GoalInput key={column.metric} row={row} column={column} />
            ))}
          </Box>
        </Box>
      );
    })}
  </Box>
);

/** Tells the page how many cells differ from what was loaded (Save and the unsaved count follow it). */
const ChangeCounter = ({ data, onChanges }: { data: GoalsResponse; onChanges: (count: number) => void }) => {
  const cells = useWatch<GoalsFormValues, 'cells'>({ name: 'cells' });
  const count = useMemo(() => changesOf(data, { cells }).length, [data, cells]);
  useEffect(() => onChanges(count), [count, onChanges]);
  return null;
};

const GoalsForm = ({
  data,
  narrow,
  onChanges,
  onSubmit,
}: {
  data: GoalsResponse;
  narrow: boolean;
  onChanges: (count: number) => void;
  onSubmit: (values: GoalsFormValues) => Promise<Record<string, string> | undefined>;
}) => {
  const defaultValues = useMemo(() => formValuesOf(data), [data]);
  const columns = useMemo(() => columnsOf(data), [data]);
  const submit = useCallback((values: Record<string, unknown>) => onSubmit(values as unknown as GoalsFormValues), [onSubmit]);
  return (
    <Form id={FORM_ID} defaultValues={defaultValues} onSubmit={submit} noValidate>
      <ChangeCounter data={data} onChanges={onChanges} />
      {data.rows.length <= 1 && (
        <Alert severity="info" data-testid="goals-empty" sx={{ mb: 2 }}>
          {data.rows.length === 0 ? L.noRows : L.noAgents}
        </Alert>
      )}
      {data.rows.length > 0 &&
        (narrow ? (
          <GoalsStacked rows={data.rows} columns={columns} year={data.year} />
        ) : (
          <GoalsTable rows={data.rows} columns={columns} year={data.year} />
        ))}
    </Form>
  );
};

/** The server's field errors of a failed call, as its list. */
function fieldErrorList(error: unknown): FieldError[] {
  return Object.entries(fieldErrorsOf(error)).map(([field, message]) => ({ field, error: message }));
}

/**
 * /app/admin/goals (spec 002): a year's goals of the team and of each active agent, a column per metric,
 * edited in place; Save sends the changed cells only (an emptied cell removes its goal) and the server's
 * field errors land on their cells.
 */
const GoalsPage = () => {
  const notify = useNotify();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [search, setSearch] = useSearchParams();
  const urlYear = parseYear(search.get('year'));
  const [data, setData] = useState<GoalsResponse | null>(null);
  // A fresh form for each answer of the server (a year loaded, a save).
  const [version, setVersion] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [changeCount, setChangeCount] = useState(0);
  const [saving, setSaving] = useState(false);
  const [yearError, setYearError] = useState<string | null>(null);
  const [pendingYear, setPendingYear] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setLoadError(null);
    dashboardsApi
      .getGoals(urlYear)
      .then((body) => {
        if (cancelled) return;
        setData(body);
        setVersion((value) => value + 1);
        setChangeCount(0);
        setYearError(null);
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setData(null);
        setLoadError(`${L.goalsLoadFailed} ${messageOf(failure, DASHBOARD_ADMIN_MESSAGES.serverError)}`);
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [urlYear, reloadKey]);

  const year = urlYear ?? data?.year ?? null;
  const thisYear = new Date().getFullYear();

  const goToYear = (next: number) => {
    // At once, not when the router's transition renders: nobody edits the old year meanwhile.
    setLoading(true);
    const params = new URLSearchParams(search);
    params.set('year', String(next));
    setSearch(params);
  };
  const pickYear = (next: number) => {
    if (next === year) return;
    if (changeCount > 0) setPendingYear(next);
    else goToYear(next);
  };

  const save = useCallback(
    async (values: GoalsFormValues): Promise<Record<string, string> | undefined> => {
      if (!data) return undefined;
      const changes = changesOf(data, values);
      if (changes.length === 0) return undefined;
      setSaving(true);
      setYearError(null);
      try {
        const { message, ...saved } = await dashboardsApi.saveGoals(updateOf(data.year, changes));
        notify(message || DASHBOARD_MESSAGES.goalsSaved, { type: 'success' });
        if (Array.isArray(saved.rows)) {
          setData(saved);
          setVersion((value) => value + 1);
          setChangeCount(0);
        } else {
          setReloadKey((value) => value + 1);
        }
        return undefined;
      } catch (error) {
        const list = fieldErrorList(error);
        if (list.length === 0) {
          notify(messageOf(error, DASHBOARD_ADMIN_MESSAGES.serverError), { type: 'error' });
          return undefined;
        }
        const placed = placeErrors(list, changes);
        if (placed.year) setYearError(placed.year);
        const onScreen = Object.keys(placed.cells).length > 0 || !!placed.year;
        notify(onScreen ? DASHBOARD_ADMIN_MESSAGES.formError : placed.other[0], { type: 'error' });
        return placed.cells;
      } finally {
        setSaving(false);
      }
    },
    [data, notify],
  );

  const onChanges = useCallback((count: number) => setChangeCount(count), []);

  return (
    <PageFrame title={L.goalsTitle} testId="goals-page" maxWidth={1400}>
      <SectionCard>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {L.goalsIntro}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <TextField
            select
            label={L.year}
            value={year ?? ''}
            onChange={(event) => pickYear(Number(event.target.value))}
            disabled={year === null || saving}
            error={!!yearError}
            helperText={yearError ?? undefined}
            fullWidth={false}
            margin="none"
            sx={{ width: 140 }}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'goals-year' } }}
          >
            {year === null && <option value="" />}
            {yearChoices(year, thisYear).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </TextField>
        </Box>
        {loadError ? (
          <LoadError message={loadError} testId="goals-error" onRetry={() => setReloadKey((value) => value + 1)} />
        ) : loading || !data ? (
          <LoadingRows testId="goals-loading" rows={6} />
        ) : (
          <GoalsForm key={version} data={data} narrow={narrow} onChanges={onChanges} onSubmit={save} />
        )}
      </SectionCard>
      <SaveBar testId="goals-save-bar">
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="goals-changes" sx={{ flex: 1, minWidth: 0 }}>
          {data && changeCount > 0 ? L.unsaved(changeCount) : ''}
        </Typography>
        {/* Outside the form's element: the form attribute ties it to the form. */}
        <Button
          type="submit"
          form={FORM_ID}
          variant="contained"
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
          disabled={!data || loading || saving || changeCount === 0}
          data-testid="goals-save"
        >
          {saving ? L.saving : L.save}
        </Button>
      </SaveBar>
      <Confirm
        isOpen={pendingYear !== null}
        title={L.discardTitle}
        content={pendingYear !== null ? L.discardContent(pendingYear) : ''}
        confirm={L.discard}
        cancel={L.cancel}
        onConfirm={() => {
          if (pendingYear !== null) goToYear(pendingYear);
          setPendingYear(null);
        }}
        onClose={() => setPendingYear(null)}
      />
    </PageFrame>
  );
};

export default GoalsPage;
