import {
  PAGE_PRESET_EXTRA_KEYS,
  PRESET_CHANGE_KEYS,
  type FieldValue,
  type TransactionDetail,
  type TransactionFieldDefinition,
  type TransactionPreset,
} from '@app/contracts';
import { fieldErrorsOf } from '../../shared/forms/fieldErrors';
import { onlyDigits } from '../../shared/form-fields/rules';

// The transaction modal's and page's form values and what they send (spec 001 sections 3, 5, 7 and 9).
// Pure: the screens and the tests share it.

export type FormValues = Record<string, unknown>;

/** The calculator's percentage: up to 8 fraction digits, the other percents 4 (spec 001 section 9). */
export const CALCULATOR_PERCENT_FIELDS: ReadonlySet<string> = new Set(['gci_pct']);

/** The page's own keys besides the form's fields: type, stage, TC, tags and agent. */
export const PAGE_CONTROL_KEYS = ['type', 'client_stage_id', 'agent_id', 'tc_agent_id', 'tags'] as const;

/** System selects hold ids: the select-options element each reads its choices from. */
export const SYSTEM_SELECT_ELEMENTS: Readonly<Record<string, string>> = {
  lead_type_id: 'lead_type',
  original_lead_type_id: 'original_lead_type',
  appt_set_by_agent_id: 'agent',
};

export interface Choice {
  value: string | number;
  label: string;
}

/** The element a select field's choices come from (a system id select, or the custom field itself). */
export const choiceElementOf = (field: Pick<TransactionFieldDefinition, 'field_key' | 'type' | 'system'>): string | null =>
  field.type !== 'select' ? null : (SYSTEM_SELECT_ELEMENTS[field.field_key] ?? (field.system ? null : field.field_key));

const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,%\s]/g, ''));
  return Number.isFinite(number) ? number : null;
};

const toText = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/**
 * A field's value as the form holds it: amounts, percents and whole numbers as numbers, phones as
 * digits, dates 'MM/DD/YYYY', yes/no 'Y'/'N', system selects (lead types, appointment set by) as the id
 * whose label the row shows.
 */
export function formValueOf(
  field: TransactionFieldDefinition,
  value: FieldValue['value'] | undefined,
  choices: readonly Choice[] = [],
): unknown {
  switch (field.type) {
    case 'amount':
    case 'percent':
    case 'number':
      return toNumber(value);
    case 'phone': {
      const digits = onlyDigits(value).replace(/^1(?=\d{10}$)/, '');
      return digits === '' ? null : digits;
    }
    case 'yn': {
      const text = toText(value)?.toUpperCase();
      return text === 'Y' || text === 'N' ? text : null;
    }
    case 'select': {
      if (!SYSTEM_SELECT_ELEMENTS[field.field_key]) return toText(value);
      if (value === null || value === undefined || value === '') return null;
      const byValue = choices.find((choice) => String(choice.value) === String(value));
      if (byValue) return byValue.value;
      return choices.find((choice) => choice.label === value)?.value ?? null;
    }
    default:
      return toText(value);
  }
}

/** Whether a custom field belongs to the other side (the server keeps it empty and refuses changes). */
export const isOtherSide = (field: Pick<TransactionFieldDefinition, 'client_type' | 'system'>, side: 'b' | 's'): boolean =>
  !field.system && field.client_type !== null && field.client_type !== side;

/** The page form's starting values: every field of the form plus type, stage, agent, TC and tags. */
export function pageFormValues(detail: TransactionDetail, choicesByElement: Readonly<Record<string, readonly Choice[]>> = {}): FormValues {
  const values: FormValues = {
    type: detail.side,
    client_stage_id: detail.stage?.id ?? null,
    agent_id: detail.primary_agent_id,
    tc_agent_id: detail.tc_agent_id,
    tags: [...(detail.tag_ids ?? [])],
  };
  for (const field of detail.fields) {
    const element = choiceElementOf(field);
    values[field.field_key] = formValueOf(field, detail.values?.[field.field_key]?.value, element ? choicesByElement[element] : undefined);
  }
  return values;
}

/** Empty text, undefined and null are the same "nothing"; id lists compare as sets. */
function normalized(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) return [...value].map(String).sort().join(',');
  return value;
}

export const sameValue = (a: unknown, b: unknown): boolean => normalized(a) === normalized(b);

/** The keys a preset sends: its own list, or for the page every page-form field and the page's extras. */
export function presetKeys(preset: TransactionPreset, pageFieldKeys: readonly string[] = []): ReadonlySet<string> {
  return new Set(preset === 'page' ? [...PAGE_PRESET_EXTRA_KEYS, ...pageFieldKeys] : PRESET_CHANGE_KEYS[preset]);
}

/** A form value as the call carries it: nothing is null, id lists are numbers, the rest as the form holds it. */
export function wireValue(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item));
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  return value;
}

export interface ChangeOptions {
  /** The page form's field keys (what the page preset takes besides PAGE_PRESET_EXTRA_KEYS). */
  pageFieldKeys?: readonly string[];
  /** The caller's right: only 'all' (ADMIN, TRANC) changes the agent. */
  canEdit?: TransactionDetail['can_edit'];
}

/**
 * The `changes` of PATCH /transaction/{client_id}: the values that differ from the loaded ones, among
 * the keys the preset accepts (never the agent without the right to change it). Empty when nothing changed.
 */
export function buildChanges(
  preset: TransactionPreset,
  initial: FormValues,
  current: FormValues,
  options: ChangeOptions = {},
): Record<string, unknown> {
  const keys = presetKeys(preset, options.pageFieldKeys);
  const changes: Record<string, unknown> = {};
  for (const key of keys) {
    if (!(key in current)) continue;
    if (key === 'agent_id' && options.canEdit !== undefined && options.canEdit !== 'all') continue;
    if (sameValue(initial[key], current[key])) continue;
    changes[key] = wireValue(current[key]);
  }
  return changes;
}

/**
 * gross_commission_amt from trans_amt and gci_pct (spec 001 section 3's calculator): trans_amt x
 * gci_pct / 100, rounded half up to the cent, exactly (gci_pct has up to 8 decimals). null while either
 * is empty.
 */
export function grossCommission(transAmt: unknown, gciPct: unknown): number | null {
  const amount = toNumber(transAmt);
  const percent = toNumber(gciPct);
  if (amount === null || percent === null) return null;
  const cents = BigInt(Math.round(amount * 100));
  const scaledPercent = BigInt(Math.round(percent * 1e8));
  // cents x percent / 100 (percent) / 1e8 (its scale), rounded half away from zero.
  const divisor = 100n * 100_000_000n;
  const product = cents * scaledPercent;
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return Number(negative ? -rounded : rounded) / 100;
}

export interface PlacedErrors {
  /** Messages by form field (the first per field). */
  fields: Record<string, string>;
  /** Messages of fields the form does not show (shown above it). */
  unplaced: string[];
}

/**
 * The server's 400 field errors placed on the form's fields: 'changes.email' -> 'email' (or
 * 'dates.closed_dt' -> 'closed_dt' with prefix 'dates.'). Fields the form does not hold go to `unplaced`.
 */
export function placeFieldErrors(
  error: unknown,
  options: { prefix?: string; known?: (field: string) => boolean; labelOf?: (field: string) => string } = {},
): PlacedErrors {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [raw, message] of Object.entries(fieldErrorsOf(error))) {
    const field = options.prefix && raw.startsWith(options.prefix) ? raw.slice(options.prefix.length) : raw;
    if (!options.known || options.known(field)) {
      if (!(field in fields)) fields[field] = message;
    } else {
      unplaced.push(`${options.labelOf?.(field) ?? field}: ${message}`);
    }
  }
  return { fields, unplaced };
}

/** The page form's sections and the system fields each holds; the team's custom fields go to 'details'. */
export const SECTION_KEYS = ['contact', 'property', 'commission', 'dates', 'lead', 'details'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];
const SECTION_OF_FIELD: Readonly<Record<string, SectionKey>> = {
  first_name: 'contact',
  last_name: 'contact',
  email: 'contact',
  mobile_phone: 'contact',
  address_1: 'property',
  address_2: 'property',
  city: 'property',
  state: 'property',
  postal_code: 'property',
  trans_amt: 'commission',
  gci_pct: 'commission',
  gross_commission_amt: 'commission',
  appt_set_dt: 'dates',
  appt_met_dt: 'dates',
  signed_dt: 'dates',
  under_contract_dt: 'dates',
  est_close_dt: 'dates',
  closed_dt: 'dates',
  lost_dt: 'dates',
  lost_reason: 'dates',
  lead_type_id: 'lead',
  original_lead_type_id: 'lead',
  lead_type_date: 'lead',
  appt_set_by_agent_id: 'lead',
};

export const sectionOf = (field: Pick<TransactionFieldDefinition, 'field_key' | 'system'>): SectionKey =>
  (field.system ? SECTION_OF_FIELD[field.field_key] : undefined) ?? 'details';

/**
 * The form's fields section by section: sections in the order their first field comes in the form,
 * fields in the form's order; custom fields of the other side (Buyer-only on a seller) left out.
 */
export function formSections<F extends Pick<TransactionFieldDefinition, 'field_key' | 'system' | 'client_type'>>(
  fields: readonly F[],
  side: 'b' | 's',
): { key: SectionKey; fields: F[] }[] {
  const sections = new Map<SectionKey, F[]>();
  for (const field of fields) {
    if (isOtherSide(field, side)) continue;
    const key = sectionOf(field);
    const list = sections.get(key) ?? [];
    list.push(field);
    sections.set(key, list);
  }
  return [...sections].map(([key, list]) => ({ key, fields: list }));
}
