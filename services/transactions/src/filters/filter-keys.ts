import {
  CLIENT_FILTER_DATE_FIELDS,
  datePresetFromClassicKey,
  formatUsDate,
  parseUsDate,
  TAG_FILTER_MODIFIERS,
  toFilterDate,
  YN_FILTER_VALUES,
  type ClientFilterKey,
  type DatePreset,
  type FieldError,
  type TagFilterEntry,
  type TransactionFilterKeys,
} from '@app/contracts';

// The filter keys of spec 001 section 3 as a request or a saved filter brings them: checked and
// normalised here (no database), then checked against the team (filters.service) and turned into SQL
// (filter-sql). One parser for GET /transactions/records, the board card calls and saved filters.

export const FILTER_KEY_ERRORS = {
  invalid: 'Invalid value',
  date: 'Use a date as MM-DD-YYYY',
  dateOrder: 'The start date is after the end date',
  rangeOrder: 'The start is above the end',
  preset: 'Unknown date preset',
  number: 'Use a number',
  id: 'Use an id',
  list: 'Use a list of ids',
  context: 'Use t{team}, a{agent}, i{isa} or ig{team}',
  tagFilters: 'Use groups of {tag_filter_modifier, tag_filter_id}',
  unknownKey: 'Unknown filter key',
} as const;

/** Keys taken and ignored (classic links carry them). */
const IGNORED_KEYS = new Set(['referrer_filter']);

const MAX_ID = 2_147_483_647;
const MAX_LIST = 500;
const MAX_TEXT = 200;

type Raw = Record<string, unknown>;

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A query string's list: repeated keys, one comma-separated value, or a JSON array. */
function listOf(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === 'number') return [value];
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed = JSON.parse(text);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function idOf(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(number) && number > 0 && number <= MAX_ID ? number : null;
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value.trim())) return null;
  return Number(value);
}

function booleanOf(value: unknown): boolean | null {
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  return null;
}

const FIELD_KEY = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Parses the filter keys of a request or a saved filter. Answers the normalised keys (only those set)
 * or the field errors, each naming its key. Dates come as MM-DD-YYYY (YYYY-MM-DD is taken too) and
 * leave as MM-DD-YYYY; classic preset names are mapped; tag entries without a tag and empty groups are
 * dropped; a range whose start is above its end is refused.
 */
export function parseFilterKeys(raw: Raw): { keys: TransactionFilterKeys; errors: FieldError[] } {
  const keys: TransactionFilterKeys = {};
  const errors: FieldError[] = [];
  const fail = (field: string, error: string) => errors.push({ field, error });
  const known = new Set<string>();

  const text = (key: keyof TransactionFilterKeys, pattern?: RegExp): string | undefined => {
    known.add(key);
    const value = raw[key];
    if (isBlank(value)) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') return void fail(key, FILTER_KEY_ERRORS.invalid);
    const string = String(value).trim();
    if (string.length > MAX_TEXT || (pattern && !pattern.test(string))) return void fail(key, FILTER_KEY_ERRORS.invalid);
    return string;
  };
  const date = (
    key:
      | 'status_start_date'
      | 'status_end_date'
      | 'cohort_start_date'
      | 'cohort_end_date'
      | 'dashboard_start_date'
      | 'dashboard_end_date'
      | 'pending_date',
  ) => {
    known.add(key);
    const value = raw[key];
    if (isBlank(value)) return;
    const trimmed = typeof value === 'string' ? value.trim() : '';
    // MM-DD-YYYY (or with slashes); a YYYY-MM-DD date is taken too.
    const iso = parseUsDate(/^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? formatUsDate(trimmed, '-') : trimmed);
    if (!iso) return void fail(key, FILTER_KEY_ERRORS.date);
    keys[key] = toFilterDate(iso);
  };
  const preset = (key: 'status_date_preset' | 'date_preset') => {
    known.add(key);
    const value = raw[key];
    if (isBlank(value)) return;
    const mapped = typeof value === 'string' ? datePresetFromClassicKey(value.trim()) : null;
    if (!mapped) return void fail(key, FILTER_KEY_ERRORS.preset);
    keys[key] = mapped as DatePreset;
  };
  const ids = (key: 'client_stage_id' | 'lead_type_filter' | 'tc_filter') => {
    known.add(key);
    const value = raw[key];
    if (isBlank(value)) return;
    const list = listOf(value);
    const parsed = list?.map(idOf);
    if (!parsed || parsed.length > MAX_LIST || parsed.some((id) => id === null)) return void fail(key, FILTER_KEY_ERRORS.list);
    if (parsed.length > 0) keys[key] = [...new Set(parsed as number[])];
  };
  const strings = (key: 'lead_type_group_filter' | 'lost_reason_filters' | 'lane_keys' | 'appt_set_by_filter', pattern?: RegExp) => {
    known.add(key);
    const value = raw[key];
    if (isBlank(value)) return;
    const list = listOf(value)?.map((item) => (typeof item === 'number' ? String(item) : item));
    if (
      !list ||
      list.length > MAX_LIST ||
      list.some((item) => typeof item !== 'string' || item.length > MAX_TEXT || (pattern && !pattern.test(item)))
    ) {
      return void fail(key, FILTER_KEY_ERRORS.invalid);
    }
    const cleaned = [...new Set((list as string[]).map((item) => item.trim()).filter(Boolean))];
    if (cleaned.length > 0) keys[key] = cleaned;
  };
  const range = (startKey: 'range_start' | 'number_range_start', endKey: 'range_end' | 'number_range_end') => {
    known.add(startKey);
    known.add(endKey);
    for (const key of [startKey, endKey]) {
      const value = raw[key];
      if (isBlank(value)) continue;
      const number = numberOf(value);
      if (number === null) fail(key, FILTER_KEY_ERRORS.number);
      else keys[key] = number;
    }
    const [start, end] = [keys[startKey], keys[endKey]];
    if (start !== undefined && end !== undefined && start > end) fail(startKey, FILTER_KEY_ERRORS.rangeOrder);
  };

  const context = text('context');
  if (context !== undefined) {
    if (/^(t|a|i|ig)[1-9]\d{0,9}$/.test(context) && idOf(context.replace(/^[a-z]+/, '')) !== null) keys.context = context;
    else fail('context', FILTER_KEY_ERRORS.context);
  }
  const type = text('type_filter');
  if (type !== undefined) {
    if (type === 'b' || type === 's') keys.type_filter = type;
    else fail('type_filter', FILTER_KEY_ERRORS.invalid);
  }
  ids('client_stage_id');
  const clientFilter = text('client_filter');
  if (clientFilter !== undefined) {
    if (clientFilter in CLIENT_FILTER_DATE_FIELDS) keys.client_filter = clientFilter as ClientFilterKey;
    else fail('client_filter', FILTER_KEY_ERRORS.invalid);
  }
  preset('status_date_preset');
  date('status_start_date');
  date('status_end_date');
  const cohortField = text('cohort_date_field', FIELD_KEY);
  if (cohortField !== undefined) keys.cohort_date_field = cohortField;
  preset('date_preset');
  date('cohort_start_date');
  date('cohort_end_date');
  for (const key of ['amount_filter_key', 'number_filter_key', 'select_filter_key', 'string_filter_key', 'yn_key'] as const) {
    const value = text(key, FIELD_KEY);
    if (value !== undefined) keys[key] = value;
  }
  range('range_start', 'range_end');
  range('number_range_start', 'number_range_end');
  const selectValue = text('select_filter_value');
  if (selectValue !== undefined) keys.select_filter_value = selectValue;
  const stringValue = text('string_filter_value');
  if (stringValue !== undefined) keys.string_filter_value = stringValue;
  known.add('yn_value');
  if (raw.yn_value !== undefined && raw.yn_value !== null) {
    const yn = String(raw.yn_value).trim().toLowerCase();
    if ((YN_FILTER_VALUES as readonly string[]).includes(yn)) keys.yn_value = yn as TransactionFilterKeys['yn_value'];
    else fail('yn_value', FILTER_KEY_ERRORS.invalid);
  }
  known.add('tag_filters');
  if (!isBlank(raw.tag_filters)) {
    const groups = tagGroupsOf(raw.tag_filters);
    if (groups === null) fail('tag_filters', FILTER_KEY_ERRORS.tagFilters);
    else if (groups.length > 0) keys.tag_filters = groups;
  }
  ids('lead_type_filter');
  strings('lead_type_group_filter');
  ids('tc_filter');
  strings('appt_set_by_filter', /^i?[1-9]\d{0,9}$/);
  strings('lost_reason_filters');
  strings('lane_keys', /^[a-z0-9_-]{1,64}$/i);
  known.add('exclude_lost');
  if (!isBlank(raw.exclude_lost)) {
    const exclude = booleanOf(raw.exclude_lost);
    if (exclude === null) fail('exclude_lost', FILTER_KEY_ERRORS.invalid);
    else if (exclude) keys.exclude_lost = true;
  }
  date('dashboard_start_date');
  date('dashboard_end_date');
  date('pending_date');

  for (const [start, end] of [
    ['status_start_date', 'status_end_date'],
    ['cohort_start_date', 'cohort_end_date'],
    ['dashboard_start_date', 'dashboard_end_date'],
  ] as const) {
    const [from, to] = [keys[start], keys[end]];
    if (from && to && isoOf(from) > isoOf(to)) fail(start, FILTER_KEY_ERRORS.dateOrder);
  }
  for (const key of Object.keys(raw)) {
    if (!known.has(key) && !IGNORED_KEYS.has(key)) fail(key, FILTER_KEY_ERRORS.unknownKey);
  }
  return { keys, errors };
}

/** 'MM-DD-YYYY' -> 'YYYY-MM-DD'. */
export const isoOf = (filterDate: string): string => `${filterDate.slice(6)}-${filterDate.slice(0, 2)}-${filterDate.slice(3, 5)}`;

/**
 * Tag groups: a JSON string or the array itself; each group an array of entries (a lone entry or a flat
 * list of entries is one group). Entries without a tag are dropped, then empty groups. null: malformed.
 */
function tagGroupsOf(value: unknown): TagFilterEntry[][] | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(parsed)) parsed = [parsed];
  const list = parsed as unknown[];
  const groups = list.every((item) => Array.isArray(item)) ? (list as unknown[][]) : [list];
  const result: TagFilterEntry[][] = [];
  for (const group of groups) {
    const entries: TagFilterEntry[] = [];
    for (const entry of group) {
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return null;
      const { tag_filter_modifier: modifier, tag_filter_id: tag } = entry as Record<string, unknown>;
      if (isBlank(tag)) continue;
      const id = idOf(tag);
      if (id === null || !(TAG_FILTER_MODIFIERS as readonly unknown[]).includes(modifier)) return null;
      entries.push({ tag_filter_modifier: modifier as TagFilterEntry['tag_filter_modifier'], tag_filter_id: id });
    }
    if (entries.length > 0) result.push(entries);
  }
  return result;
}
