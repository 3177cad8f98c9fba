import { ESIGN_BOARD_FILTER_STATUSES, ESIGN_STATUS_LABELS, parseUsDate, type EsignRequestUsers } from '@app/contracts';
import ClearIcon from '@mui/icons-material/Clear';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Form, useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DateRangePresetInput, MultiSelect, multiSelectSummary } from '../../shared/form-fields';
import { ESIGN_BOARD_LABELS as L } from '../messages';
import { cleanDate, cleanStatuses, cleanUsers, filtersKey, type EsignBoardDateType, type EsignBoardFilters } from './boardState';

/** The form's values: the filters as its inputs hold them (dates as typed, 'MM-DD-YYYY' once whole). */
interface FilterFormValues {
  statuses: string[];
  users: number[];
  dateType: EsignBoardDateType;
  preset: string | null;
  start: string | null;
  end: string | null;
}

/** 'End date must be on or after start date' (the server's word for the same range, a 400 on the end date). */
export const END_BEFORE_START = 'End date must be on or after start date';

const STATUS_CHOICES = ESIGN_BOARD_FILTER_STATUSES.map((status) => ({ id: status, name: ESIGN_STATUS_LABELS[status] }));

const formValuesOf = (filters: EsignBoardFilters): FilterFormValues => ({
  statuses: [...filters.statuses],
  users: [...filters.users],
  dateType: filters.dateType,
  preset: filters.preset,
  start: filters.start,
  end: filters.end,
});

/** Whether both dates are days and the end is before the start. */
export function endBeforeStart(start: string | null | undefined, end: string | null | undefined): boolean {
  const from = parseUsDate(start ?? null);
  const to = parseUsDate(end ?? null);
  return !!from && !!to && to < from;
}

/**
 * The filters the form's values make. The range is optional and may be open at either end: it applies once each
 * date is a whole day or empty, in order (both empty: no range; a start alone: from that day on; an end alone: up
 * to it); while a date is being typed, or is wrong, the range in use stays.
 */
export function filtersFromForm(values: Partial<FilterFormValues>, applied: EsignBoardFilters): EsignBoardFilters {
  const start = cleanDate(values.start);
  const end = cleanDate(values.end);
  const settled = (!values.start || !!start) && (!values.end || !!end) && !endBeforeStart(start, end);
  const range =
    !values.start && !values.end
      ? { preset: null, start: null, end: null }
      : settled
        ? { preset: (values.preset as EsignBoardFilters['preset']) ?? null, start: start ?? null, end: end ?? null }
        : { preset: applied.preset, start: applied.start, end: applied.end };
  return {
    statuses: cleanStatuses(values.statuses ?? []),
    users: cleanUsers(values.users ?? []),
    dateType: values.dateType === 'completed' ? 'completed' : 'created',
    ...range,
  };
}

/** Tells the board each time the form's values make other filters than those in use. */
const FilterSync = ({ applied, onChange }: { applied: EsignBoardFilters; onChange: (filters: EsignBoardFilters) => void }) => {
  const values = useWatch() as Partial<FilterFormValues>;
  const latest = useRef({ applied, onChange });
  latest.current = { applied, onChange };
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    const next = filtersFromForm(values, latest.current.applied);
    if (filtersKey(next) !== filtersKey(latest.current.applied)) latest.current.onChange(next);
  }, [valuesKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
};

/** 'End date must be on or after start date' under the range while it is so. */
const RangeOrder = () => {
  const [start, end] = useWatch({ name: ['start', 'end'] }) as [string | null, string | null];
  if (!endBeforeStart(start, end)) return null;
  return (
    <FormHelperText error data-testid="esign-filter-range-error" sx={{ mt: 0, mx: 1.75 }}>
      {END_BEFORE_START}
    </FormHelperText>
  );
};

/** Created Date or Completed Date: which of the request's dates the range filters on. */
const DateTypeInput = () => {
  const { id, field } = useInput({ source: 'dateType', defaultValue: 'created' });
  return (
    <TextField
      select
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? 'created'}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      label={L.dateType}
      fullWidth
      margin="dense"
    >
      <MenuItem value="created">{L.createdDate}</MenuItem>
      <MenuItem value="completed">{L.completedDate}</MenuItem>
    </TextField>
  );
};

const fullName = (user: { first_name: string; last_name: string }) => [user.first_name, user.last_name].filter(Boolean).join(' ');

/** The user filter: the users one may see, under Active Users and Disabled Users (GET /esign/request-users). */
const UserFilterInput = ({ groups }: { groups: EsignRequestUsers['groups'] }) => {
  const { id, field } = useInput({ source: 'users', format: (value) => (Array.isArray(value) ? value : []), parse: (value) => value });
  const names = useMemo(
    () => new Map(groups.flatMap((group) => group.users.map((user) => [user.agent_id, fullName(user)] as const))),
    [groups],
  );
  const items: ReactNode[] = [];
  for (const group of groups) {
    if (group.users.length === 0) continue;
    items.push(
      <ListSubheader
        key={`group-${group.label}`}
        data-testid={`esign-filter-user-group-${group.label === 'Active Users' ? 'active' : 'disabled'}`}
      >
        {group.label}
      </ListSubheader>,
    );
    for (const user of group.users) {
      items.push(
        <MenuItem key={user.agent_id} value={user.agent_id} data-testid={`esign-filter-user-${user.agent_id}`}>
          {fullName(user)}
        </MenuItem>,
      );
    }
  }
  return (
    <TextField
      select
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={field.value as number[]}
      onChange={(event) => field.onChange(cleanUsers(event.target.value as unknown as number[]))}
      onBlur={field.onBlur}
      label={L.user}
      fullWidth
      margin="dense"
      slotProps={{
        select: {
          multiple: true,
          renderValue: (value) => multiSelectSummary((value as number[]).map((agentId) => names.get(agentId) ?? String(agentId))),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      {items.length > 0 ? (
        items
      ) : (
        <MenuItem disabled value="">
          {L.noUsers}
        </MenuItem>
      )}
    </TextField>
  );
};

export interface BoardFiltersProps {
  /** The filters in use (the URL's). */
  applied: EsignBoardFilters;
  onChange: (filters: EsignBoardFilters) => void;
  onClear: () => void;
  userGroups: EsignRequestUsers['groups'];
  /** Whose days the presets mean. */
  timeZone: string;
  /** Children of the filter row's end (the quick search). */
  children?: ReactNode;
}

/**
 * The board's filters (spec 002 section 2.5): status (S, V, P, C, F), user (grouped), date type Created Date /
 * Completed Date with a date range (preset and dates), and Clear. Each change applies at once.
 *
 * Mount it with a `key` that changes when the filters change elsewhere (a tile, Clear, the browser's back):
 * the form starts again from them.
 */
export const BoardFilters = ({ applied, onChange, onClear, userGroups, timeZone, children }: BoardFiltersProps) => {
  const defaultValues = useMemo(() => formValuesOf(applied), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Form defaultValues={defaultValues} onSubmit={() => undefined} noValidate>
      <FilterSync applied={applied} onChange={onChange} />
      <Box
        data-testid="esign-filters"
        sx={{
          display: 'grid',
          columnGap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Box data-testid="esign-filter-status" sx={{ minWidth: 0 }}>
          <MultiSelect source="statuses" label={L.status} choices={STATUS_CHOICES} />
        </Box>
        <Box data-testid="esign-filter-user" sx={{ minWidth: 0 }}>
          <UserFilterInput groups={userGroups} />
        </Box>
        <Box data-testid="esign-filter-date-type" sx={{ minWidth: 0 }}>
          <DateTypeInput />
        </Box>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <Box data-testid="esign-filter-range" sx={{ flex: '1 1 480px', minWidth: 0 }}>
          <DateRangePresetInput presetSource="preset" startSource="start" endSource="end" timeZone={timeZone} required={false} />
          <RangeOrder />
        </Box>
        <Button onClick={onClear} startIcon={<ClearIcon />} data-testid="esign-filter-clear" sx={{ mt: 1.5 }}>
          {L.clear}
        </Button>
      </Box>
    </Form>
  );
};
