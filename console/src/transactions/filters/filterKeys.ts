import {
  datePresetFromClassicKey,
  FILTER_KEYS,
  resolveDatePreset,
  TAG_FILTER_MODIFIERS,
  toFilterDate,
  type FilterKey,
  type TagFilterEntry,
  type TagFilterModifier,
  type TransactionFilterKeys,
} from '@app/contracts';

// The filter keys (spec 001 section 3) as the sidebar's form holds them, as the list's query carries
// them, and as a dashboard link brings them. Pure functions; the server validates and normalises again.

/** One tag entry in the form: the value (a tag) waits for its type. */
export interface TagEntryValues {
  tag_filter_modifier: TagFilterModifier | null;
  tag_filter_id: number | null;
}
export interface TagGroupValues {
  entries: TagEntryValues[];
}

/** yn_value '' (not set) as a choice id: an empty id reads as no choice. */
export const YN_NOT_SET = 'not_set';

/** Everything but the tag filters: the keys' own values, null or [] when not filtering. */
export type FilterFormValues = Record<string, unknown> & { tag_filters: TagGroupValues[]; exclude_lost: boolean };

const NUMBER_LIST_KEYS = ['client_stage_id', 'lead_type_filter', 'tc_filter'] as const;
const STRING_LIST_KEYS = ['appt_set_by_filter', 'lead_type_group_filter', 'lost_reason_filters', 'lane_keys'] as const;
const NUMBER_KEYS = ['range_start', 'range_end', 'number_range_start', 'number_range_end'] as const;
const LIST_KEYS: readonly string[] = [...NUMBER_LIST_KEYS, ...STRING_LIST_KEYS];
const PRESET_KEYS: readonly string[] = ['status_date_preset', 'date_preset'];

export const emptyTagEntry = (): TagEntryValues => ({ tag_filter_modifier: null, tag_filter_id: null });
export const emptyTagGroup = (): TagGroupValues => ({ entries: [emptyTagEntry()] });

/** The form with nothing chosen (Clear All). */
export function emptyFormValues(): FilterFormValues {
  const values: FilterFormValues = { tag_filters: [emptyTagGroup()], exclude_lost: false };
  for (const key of FILTER_KEYS) {
    if (key === 'tag_filters' || key === 'exclude_lost') continue;
    values[key] = LIST_KEYS.includes(key) ? [] : null;
  }
  return values;
}

/** The date ranges of the form: a preset and its two dates. */
const RANGES = [
  { preset: 'status_date_preset', start: 'status_start_date', end: 'status_end_date' },
  { preset: 'date_preset', start: 'cohort_start_date', end: 'cohort_end_date' },
] as const;

/**
 * Keys (a saved filter's, a link's) as form values. A preset without its dates gets them (the preset
 * and its dates stay in sync), in `timeZone`; classic preset names read as the new ones.
 */
export function fromFilterKeys(keys: TransactionFilterKeys | null | undefined, timeZone: string, now: Date = new Date()): FilterFormValues {
  const values = emptyFormValues();
  const source = (keys ?? {}) as Record<string, unknown>;
  for (const key of FILTER_KEYS) {
    const value = source[key];
    if (value === undefined || value === null) continue;
    if (key === 'tag_filters') {
      const groups = tagGroupsOf(value);
      if (groups.length > 0) values.tag_filters = groups.map((entries) => ({ entries: entries.map((entry) => ({ ...entry })) }));
    } else if (key === 'exclude_lost') values.exclude_lost = value === true;
    else if (key === 'yn_value') values.yn_value = value === '' ? YN_NOT_SET : value;
    else if (PRESET_KEYS.includes(key)) values[key] = datePresetFromClassicKey(String(value));
    else if (LIST_KEYS.includes(key)) values[key] = Array.isArray(value) ? [...value] : [value];
    else values[key] = value;
  }
  for (const range of RANGES) {
    const preset = values[range.preset] as ReturnType<typeof datePresetFromClassicKey>;
    if (!preset || preset === 'custom' || (values[range.start] && values[range.end])) continue;
    const resolved = resolveDatePreset(preset, timeZone, now);
    if (!resolved) continue;
    values[range.start] = toFilterDate(resolved.start);
    values[range.end] = toFilterDate(resolved.end);
  }
  return values;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Form values as the filter keys: blanks left out, tag entries without a tag dropped, empty groups removed. */
export function toFilterKeys(values: Partial<FilterFormValues>): TransactionFilterKeys {
  const keys: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const value = values[key];
    if (key === 'tag_filters') {
      const groups = tagGroupsOf(value);
      if (groups.length > 0) keys.tag_filters = groups;
    } else if (key === 'exclude_lost') {
      if (value === true) keys.exclude_lost = true;
    } else if (key === 'yn_value') {
      if (!isBlank(value)) keys.yn_value = value === YN_NOT_SET ? '' : value;
    } else if (!isBlank(value)) keys[key] = Array.isArray(value) ? [...value] : value;
  }
  // A qualifying key without the key it qualifies (hidden in the form) does not filter.
  for (const [primary, dependents] of Object.entries(DEPENDENT_KEYS)) {
    if (keys[primary] === undefined) for (const dependent of dependents ?? []) delete keys[dependent];
  }
  return keys as TransactionFilterKeys;
}

/** Tag groups with only complete entries (a type and a tag), empty groups removed. */
export function tagGroupsOf(value: unknown): TagFilterEntry[][] {
  if (!Array.isArray(value)) return [];
  const groups: TagFilterEntry[][] = [];
  for (const group of value) {
    const entries: unknown[] = Array.isArray(group)
      ? group
      : Array.isArray((group as TagGroupValues | null)?.entries)
        ? (group as TagGroupValues).entries
        : [];
    const kept = entries.flatMap((entry) => {
      const { tag_filter_modifier: modifier, tag_filter_id: id } = (entry ?? {}) as Partial<TagEntryValues>;
      const tagId = Number(id);
      return modifier &&
        (TAG_FILTER_MODIFIERS as readonly string[]).includes(modifier) &&
        id !== null &&
        id !== undefined &&
        Number.isFinite(tagId)
        ? [{ tag_filter_modifier: modifier, tag_filter_id: tagId }]
        : [];
    });
    if (kept.length > 0) groups.push(kept);
  }
  return groups;
}

/** The keys in one canonical text: lists in order, key order fixed (what "the form matches" compares). */
function canonical(keys: TransactionFilterKeys): string {
  const record = keys as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const value = record[key];
    if (value === undefined) continue;
    if (key === 'tag_filters') sorted[key] = value;
    else if (Array.isArray(value)) sorted[key] = value.map(String).sort();
    else sorted[key] = String(value);
  }
  return JSON.stringify(sorted);
}

export function sameFilters(a: TransactionFilterKeys, b: TransactionFilterKeys): boolean {
  return canonical(a) === canonical(b);
}

/** Has any key. */
export const hasFilters = (keys: TransactionFilterKeys | null | undefined) => !!keys && Object.keys(keys).length > 0;

/** The keys on the list's query: lists repeated, tag groups as JSON, exclude_lost as true. */
export function appendFilterParams(query: URLSearchParams, keys: TransactionFilterKeys | null | undefined): URLSearchParams {
  const record = (keys ?? {}) as Record<string, unknown>;
  for (const key of FILTER_KEYS) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    if (key === 'tag_filters') query.set(key, JSON.stringify(value));
    else if (Array.isArray(value)) value.forEach((item) => query.append(key, String(item)));
    else query.set(key, String(value));
  }
  return query;
}

const splitList = (values: string[]) =>
  values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

/**
 * The filter keys of a link (`/app/transactions?{link_params}`): lists repeated or comma-separated,
 * tag_filters as JSON, classic presets mapped. Unknown parameters (and referrer_filter) are left out;
 * a malformed value is left as it came (the server names it).
 */
export function parseFilterParams(params: URLSearchParams): TransactionFilterKeys {
  const keys: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    if (!params.has(key)) continue;
    const raw = params.getAll(key);
    if ((NUMBER_LIST_KEYS as readonly string[]).includes(key)) {
      const list = splitList(raw).map((item) => (Number.isFinite(Number(item)) ? Number(item) : item));
      if (list.length > 0) keys[key] = list;
    } else if ((STRING_LIST_KEYS as readonly string[]).includes(key)) {
      const list = splitList(raw);
      if (list.length > 0) keys[key] = list;
    } else if (key === 'tag_filters') {
      try {
        const groups = tagGroupsOf(JSON.parse(raw[0] ?? ''));
        if (groups.length > 0) keys[key] = groups;
      } catch {
        // Not JSON: no tag filter.
      }
    } else if (key === 'exclude_lost') {
      if (raw[0] === 'true' || raw[0] === '1') keys[key] = true;
    } else if ((NUMBER_KEYS as readonly string[]).includes(key)) {
      if (raw[0] !== '' && Number.isFinite(Number(raw[0]))) keys[key] = Number(raw[0]);
    } else if (PRESET_KEYS.includes(key)) {
      const preset = datePresetFromClassicKey(raw[0]);
      if (preset) keys[key] = preset;
    } else if (key === 'yn_value') keys[key] = raw[0] ?? '';
    else if (raw[0]) keys[key] = raw[0];
  }
  return keys as TransactionFilterKeys;
}

/** A stored value as filter keys (the session's table state): only known keys of the expected kinds. */
export function parseStoredFilters(raw: unknown): TransactionFilterKeys {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  const keys: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    if (key === 'tag_filters') {
      const groups = tagGroupsOf(value);
      if (groups.length > 0) keys[key] = groups;
    } else if (key === 'exclude_lost') {
      if (value === true) keys[key] = true;
    } else if (LIST_KEYS.includes(key)) {
      if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) keys[key] = value;
    } else if (typeof value === 'string' || typeof value === 'number') keys[key] = value;
  }
  return keys as TransactionFilterKeys;
}

/** Keys that only mean something beside another: a chip of the first stands for all of them. */
export const DEPENDENT_KEYS: Partial<Record<FilterKey, FilterKey[]>> = {
  client_filter: ['status_date_preset', 'status_start_date', 'status_end_date'],
  cohort_date_field: ['date_preset', 'cohort_start_date', 'cohort_end_date'],
  amount_filter_key: ['range_start', 'range_end'],
  number_filter_key: ['number_range_start', 'number_range_end'],
  select_filter_key: ['select_filter_value'],
  string_filter_key: ['string_filter_value'],
  yn_key: ['yn_value'],
};

/** The keys without `key` (and the keys that depend on it). */
export function withoutKey(keys: TransactionFilterKeys, key: FilterKey): TransactionFilterKeys {
  const next = { ...keys } as Record<string, unknown>;
  delete next[key];
  for (const dependent of DEPENDENT_KEYS[key] ?? []) delete next[dependent];
  return next as TransactionFilterKeys;
}
