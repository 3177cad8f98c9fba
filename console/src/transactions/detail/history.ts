import type { TransactionHistoryRecord } from '@app/contracts';
import { formatFieldValue } from '../format';
import { CALCULATOR_PERCENT_FIELDS } from './pageForm';
import { TRANSACTION_DETAIL_LABELS as L } from './messages';

// How a history row reads (GET /transaction/{client_id}/history): the server keeps values as text,
// ids for the stage, status, agents, TC, tags and lead types, dates as YYYY-MM-DD. Pure.

/** Labels by id of the lists a history value may name. */
export interface HistoryLookups {
  stages?: ReadonlyMap<string, string>;
  statuses?: ReadonlyMap<string, string>;
  agents?: ReadonlyMap<string, string>;
  tags?: ReadonlyMap<string, string>;
  leadTypes?: ReadonlyMap<string, string>;
  /** A form field's type by key (custom fields come as 'values.{key}'). */
  types?: ReadonlyMap<string, string>;
}

const LOOKUP_OF_FIELD: Readonly<Record<string, keyof Omit<HistoryLookups, 'types'>>> = {
  stage_id: 'stages',
  status_id: 'statuses',
  primary_agent_id: 'agents',
  tc_agent_id: 'agents',
  appt_set_by_agent_id: 'agents',
  client_user_ids: 'agents',
  vendor_user_ids: 'agents',
  tag_ids: 'tags',
  lead_type_id: 'leadTypes',
  original_lead_type_id: 'leadTypes',
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** One side of a change as a person reads it: names for ids, MM/DD/YYYY for dates, amounts in USD. */
export function historyValueText(field: string, value: string | null, lookups: HistoryLookups = {}): string {
  if (value === null || value === '') return L.historyCleared;
  const list = LOOKUP_OF_FIELD[field];
  if (list) {
    const names = lookups[list];
    return value
      .split(',')
      .map((id) => names?.get(id.trim()) ?? id.trim())
      .join(', ');
  }
  const iso = ISO_DATE.exec(value);
  if (iso) return `${iso[2]}/${iso[3]}/${iso[1]}`;
  const key = field.replace(/^values\./, '');
  const type = lookups.types?.get(key);
  // The calculator's percentage keeps its 8 fraction digits.
  if (type === 'percent' && CALCULATOR_PERCENT_FIELDS.has(key)) return `${value}%`;
  if (type) return formatFieldValue(type as Parameters<typeof formatFieldValue>[0], value) || value;
  return value;
}

/** 'Stage: New Lead → Nurture' parts of a row (the creation row reads 'Transaction created'). */
export function historyChange(
  record: Pick<TransactionHistoryRecord, 'field' | 'label' | 'old_value' | 'new_value'>,
  lookups: HistoryLookups = {},
): { label: string; from: string | null; to: string | null } {
  if (record.field === 'created') return { label: L.historyCreated, from: null, to: null };
  return {
    label: record.label || record.field,
    from: historyValueText(record.field, record.old_value, lookups),
    to: historyValueText(record.field, record.new_value, lookups),
  };
}
