import type { CustomFieldType, TransactionColumn, TransactionFieldDefinition } from '@app/contracts';
import { SYSTEM_FIELDS_BY_KEY } from '../fields/system-fields';

const row = (field: string, header: string): TransactionColumn => ({ field, header, sortable: true, kind: 'row' });

/** The list's own columns, in the server's order (then the form's fields). */
export const BASE_COLUMNS: readonly TransactionColumn[] = [
  row('id', 'ID'),
  row('address', 'Address'),
  row('contact_name', 'Client Name'),
  row('type', 'Type'),
  row('status', 'Status'),
  row('stage', 'Stage'),
  row('tags', 'Tags'),
  row('primary_agent', 'Agent'),
  row('tasks', 'Tasks'),
  row('derived_status', 'Progress'),
  row('rtc_count', 'Roadmaps'),
  row('created_ts', 'Created'),
];

/** A VENDOR's own columns. */
export const VENDOR_BASE_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'address',
  'contact_name',
  'type',
  'status',
  'stage',
  'primary_agent',
]);

/** The derived_status value, with today in the team's zone (the `d` relation of the list query). */
export const DERIVED_STATUS_SQL = `CASE
  WHEN t.status_category = 'lost' THEN 'Lost'
  WHEN t.status_category = 'closed' THEN 'Closed'
  WHEN t.est_close_dt < d.today THEN 'Past Close Date'
  WHEN t.next_open_due_dt < d.today THEN 'Tasks Overdue'
  ELSE 'On Track' END`;

/** ORDER BY terms of the list's own columns (each has an index with team_id first and client_id last). */
const BASE_SORTS: Record<string, string[]> = {
  id: ['t.client_id'],
  address: ['lower(t.formatted_address)'],
  contact_name: ['lower(t.contact_name)'],
  type: ['t.type'],
  // Statuses and stages are seeded in the pipeline's order, so their ids sort as the pipeline runs.
  status: ['t.status_id'],
  stage: ['t.stage_id'],
  tags: ['t.tags_sort'],
  primary_agent: ['lower(t.primary_agent_name)'],
  tasks: ['t.completed_task_count', 't.total_task_count'],
  derived_status: [DERIVED_STATUS_SQL],
  rtc_count: ['t.rtc_count'],
  created_ts: ['t.created_ts'],
};

const NUMERIC_TYPES: ReadonlySet<CustomFieldType> = new Set(['number', 'amount', 'percent']);

/** Field keys are checked against `^[a-z][a-z0-9_]*$` when stored; quoted here all the same. */
const jsonKey = (key: string) => `'${key.replace(/'/g, "''")}'`;

/** ORDER BY terms of a form field: a transaction column, or a custom value read from custom_values. */
function fieldSort(field: TransactionFieldDefinition): string[] {
  const system = SYSTEM_FIELDS_BY_KEY.get(field.field_key);
  if (system) return [field.type === 'text' || field.type === 'email' ? `lower(t.${system.column})` : `t.${system.column}`];
  const value = `t.custom_values->>${jsonKey(field.field_key)}`;
  // Stored values are validated on write, so a numeric field holds a number (or nothing).
  if (NUMERIC_TYPES.has(field.type)) return [`(CASE WHEN (${value}) ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN (${value})::numeric END)`];
  return field.type === 'date' ? [value] : [`lower(${value})`];
}

/** The ORDER BY clause for a column (the id breaks ties the same way), or null for an unknown column. */
export function orderByOf(column: string, dir: 1 | -1, fields: readonly TransactionFieldDefinition[]): string | null {
  const field = fields.find((f) => f.field_key === column);
  const terms = BASE_SORTS[column] ?? (field ? fieldSort(field) : null);
  if (!terms) return null;
  const direction = dir === 1 ? 'ASC' : 'DESC';
  const tieBreak = column === 'id' ? [] : ['t.client_id'];
  return [...terms, ...tieBreak].map((term) => `${term} ${direction}`).join(', ');
}
