import {
  ADMIN_USER_FORM_DEFAULTS,
  REAL_ESTATE_USER_FIELDS,
  TEAM_MEMBER_ROLES,
  type AdminUserForm,
  type AdminUserRecord,
  type CommissionTemplatesResponse,
  type Role,
} from '@app/contracts';
import { fieldErrorsOf } from '../../shared/forms/fieldErrors';
import { onlyDigits, phoneDigitsOrNull } from '../../shared/form-fields/rules';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, ADMIN_USERS_LABELS } from '../messages';

// Rules of the admin user form (spec 000 sections 3, 5, 6). Pure: the screen and the tests share them.

export const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'mobile_phone',
  'email',
  'alternate_email',
  'role_id',
  'start_dt',
  'brokerage_cap_amt',
  'royalty_cap_amt',
  'brokerage_cap_anniversary_dt',
  'royalty_cap_anniversary_dt',
  'agent_trans_fee_amt',
  'agent_monthly_fee_amt',
  'lic_nbr',
  'pid',
  'career_path',
  'lead_source',
  'notes',
  'business_entity',
] as const;
export const CHECKBOX_FIELDS = [
  'can_download',
  'can_download_activities',
  'esign_enabled',
  'leader_board_exclude',
  'manage_billing',
  'send_welcome_email',
] as const;

export type TextField = (typeof TEXT_FIELDS)[number];
export type CheckboxField = (typeof CHECKBOX_FIELDS)[number];
export type UserFormField = TextField | CheckboxField;

/** What the inputs hold: text as typed, checkboxes as booleans. */
export type UserFormValues = Record<TextField, string> & Record<CheckboxField, boolean>;
export type UserFormErrors = Partial<Record<UserFormField, string>>;
export type UserFormMode = 'create' | 'edit';

export const REQUIRED_FIELDS: readonly TextField[] = ['first_name', 'last_name', 'mobile_phone', 'email', 'role_id', 'start_dt'];
export const AMOUNT_FIELDS: readonly TextField[] = ['brokerage_cap_amt', 'royalty_cap_amt', 'agent_trans_fee_amt', 'agent_monthly_fee_amt'];
export const DATE_FIELDS: readonly TextField[] = ['start_dt', 'brokerage_cap_anniversary_dt', 'royalty_cap_anniversary_dt'];

const ALL_FIELDS: readonly UserFormField[] = [...TEXT_FIELDS, ...CHECKBOX_FIELDS];

export function isUserFormField(field: string): field is UserFormField {
  return (ALL_FIELDS as readonly string[]).includes(field);
}

/** Vendors have no real-estate fields (caps, fees, career path, lead source, templates, leaderboard). */
export function isVendor(role: string | null | undefined): boolean {
  return role === 'VENDOR';
}

export function isRealEstateField(field: string): boolean {
  return (REAL_ESTATE_USER_FIELDS as readonly string[]).includes(field);
}

/** Whether the form shows `field` for the chosen role (and mode: the welcome mail is for new users). */
export function showsField(field: UserFormField, role: string, mode: UserFormMode): boolean {
  if (field === 'send_welcome_email') return mode === 'create';
  return !(isVendor(role) && isRealEstateField(field));
}

/**
 * The commission cap side panel of the form: existing users, not VENDOR, and only on a market 0 team
 * (like Cap and Split on the profile).
 */
export function showsCapPanel(options: { mode: UserFormMode; role: string; marketId: number | null | undefined }): boolean {
  return options.mode === 'edit' && !isVendor(options.role) && (options.marketId ?? 0) === 0;
}

/** A new user: the spec's defaults (can download and the welcome mail on, the rest off). */
export function emptyUserForm(): UserFormValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextField, string>;
  return {
    ...text,
    can_download: ADMIN_USER_FORM_DEFAULTS.can_download,
    can_download_activities: ADMIN_USER_FORM_DEFAULTS.can_download_activities,
    esign_enabled: ADMIN_USER_FORM_DEFAULTS.esign_enabled,
    leader_board_exclude: ADMIN_USER_FORM_DEFAULTS.leader_board_exclude,
    manage_billing: ADMIN_USER_FORM_DEFAULTS.manage_billing,
    send_welcome_email: ADMIN_USER_FORM_DEFAULTS.send_welcome_email,
  };
}

/**
 * What the phone input keeps of what is typed: its digits, at most 10 (the input shows them as
 * (999) 999-9999, the server stores the 10 digits).
 */
export const phoneValue = (typed: string): string => phoneDigitsOrNull(typed) ?? '';

/** The inputs of an existing user (GET /admin/user): null becomes empty, numbers text. */
export function userFormFromRecord(record: Partial<AdminUserRecord>): UserFormValues {
  const values = emptyUserForm();
  const source = record as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const value = source[field];
    values[field] = value === null || value === undefined ? '' : String(value);
  }
  // A number saved before the 10-digit rule may still carry its formatting.
  values.mobile_phone = phoneValue(values.mobile_phone);
  for (const field of CHECKBOX_FIELDS) {
    if (field === 'send_welcome_email') continue;
    values[field] = source[field] === undefined ? values[field] : source[field] === true;
  }
  return values;
}

/** Text fields with the profile's character rule (they are profile fields too). */
export const SAFE_TEXT_FIELDS: readonly TextField[] = ['first_name', 'last_name', 'notes', 'business_entity'];
const FORBIDDEN = /[<>*!(){}]/;
const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** mm/dd/yyyy and a real calendar date. */
export function isValidDate(value: string): boolean {
  const match = DATE.exec(value.trim());
  if (!match) return false;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// Amounts: 0 or more, at most 2 decimals (as the server stores them).
const AMOUNT = /^\d+(\.\d{1,2})?$/;

function isAmount(value: string): boolean {
  return AMOUNT.test(value.trim());
}

/**
 * The form's own checks. The screen shows them only after a submit attempt (spec 000 section 5);
 * the server checks everything again.
 */
export function validateUserForm(values: UserFormValues, mode: UserFormMode = 'create'): UserFormErrors {
  const errors: UserFormErrors = {};
  for (const field of TEXT_FIELDS) {
    if (!showsField(field, values.role_id, mode)) continue;
    const value = values[field].trim();
    if (!value) {
      if (REQUIRED_FIELDS.includes(field)) errors[field] = ADMIN_MESSAGES.required;
      continue;
    }
    if (SAFE_TEXT_FIELDS.includes(field) && FORBIDDEN.test(value)) errors[field] = ACCOUNT_MESSAGES.forbiddenCharacters;
    else if (DATE_FIELDS.includes(field) && !isValidDate(value)) errors[field] = ADMIN_MESSAGES.invalidDate;
    else if (AMOUNT_FIELDS.includes(field) && !isAmount(value)) errors[field] = ADMIN_USERS_LABELS.invalidAmount;
    else if (field === 'mobile_phone' && onlyDigits(value).length !== 10) errors[field] = ADMIN_MESSAGES.invalidPhone;
    else if ((field === 'email' || field === 'alternate_email') && !EMAIL.test(value)) errors[field] = ACCOUNT_MESSAGES.invalidEmail;
    else if (field === 'role_id' && !TEAM_MEMBER_ROLES.includes(value as Role)) errors[field] = ADMIN_MESSAGES.required;
  }
  return errors;
}

export function hasErrors(errors: UserFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** The full body of the form: trimmed text, empty optional fields null, amounts numbers. */
function fullPayload(values: UserFormValues, mode: UserFormMode): Partial<AdminUserForm> {
  const payload: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    if (!showsField(field, values.role_id, mode)) continue;
    const value = values[field].trim();
    if (REQUIRED_FIELDS.includes(field)) payload[field] = value;
    else if (!value) payload[field] = null;
    else payload[field] = AMOUNT_FIELDS.includes(field) ? Number(value) : value;
  }
  for (const field of CHECKBOX_FIELDS) {
    if (!showsField(field, values.role_id, mode)) continue;
    payload[field] = values[field];
  }
  return payload as Partial<AdminUserForm>;
}

/**
 * POST /admin/user body (create), or the PATCH body (edit): only what changed since `initial`, so a
 * save never rewrites a field the admin did not touch (e.g. a plan's e-sign switch they cannot set).
 * Vendors send no real-estate fields (the server would not store them anyway).
 */
export function userFormPayload(values: UserFormValues, mode: UserFormMode, initial?: UserFormValues): Partial<AdminUserForm> {
  const payload = fullPayload(values, mode);
  if (mode === 'create' || !initial) return payload;
  const before = fullPayload(initial, mode) as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(payload)) {
    if (before[field] !== value) changed[field] = value;
  }
  return changed as Partial<AdminUserForm>;
}

/** identity's refusal of a template id, per side ('default_commission_templates.buyer': 'Unknown commission template'). */
const TEMPLATE_ERROR_FIELDS: Record<string, 'buyer' | 'seller'> = {
  'default_commission_templates.buyer': 'buyer',
  'default_commission_templates.seller': 'seller',
};

export interface ServerFormErrors {
  /** Placed under their fields (first message per field). */
  fields: UserFormErrors;
  /** What no field of this form shows (an unknown field's message). */
  unplaced: string[];
}

/** The server's [{field, error}] split into what goes under the form's fields and the rest. */
export function serverErrorsOf(error: unknown): ServerFormErrors {
  const fields: UserFormErrors = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    if (isUserFormField(field)) fields[field] = message;
    else if (!Object.hasOwn(TEMPLATE_ERROR_FIELDS, field)) unplaced.push(message);
  }
  return { fields, unplaced };
}

/** Editing a field clears the server's error on it (spec 000 section 5); the others stay. */
export function clearFieldError(errors: UserFormErrors, field: UserFormField): UserFormErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** What the form shows under each field: the server's message first, then (after a submit) its own. */
export function shownErrors(client: UserFormErrors, server: UserFormErrors, submitted: boolean): UserFormErrors {
  return { ...(submitted ? client : {}), ...server };
}

/** The e-sign checkbox needs the team's team_esign permission (spec 000 section 6). */
export function canEnableEsign(permissions: readonly string[] | null | undefined): boolean {
  return (permissions ?? []).includes('team_esign');
}

// ------------------------------------------------------------------ Default Commission Templates

/** default_commission_templates: the template ids per side (spec 000 section 3). */
export interface DefaultTemplates {
  buyer: number[];
  seller: number[];
}
export type TemplateSide = keyof DefaultTemplates;
export const TEMPLATE_SIDES: readonly TemplateSide[] = ['buyer', 'seller'];
export type TemplateErrors = Partial<Record<TemplateSide, string>>;

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? [...new Set(value.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0))] : [];

/** The stored defaults of a user (none: empty lists). */
export function templatesFromRecord(record: Partial<AdminUserRecord> | null | undefined): DefaultTemplates {
  const stored = record?.default_commission_templates;
  return { buyer: ids(stored?.buyer), seller: ids(stored?.seller) };
}

/** Only ids the team's list still has (a template removed since is not offered, nor sent back). */
export function knownTemplates(value: DefaultTemplates, list: CommissionTemplatesResponse): DefaultTemplates {
  const known = (side: TemplateSide) => new Set((list[side] ?? []).map((template) => template.commission_template_id));
  return { buyer: value.buyer.filter((id) => known('buyer').has(id)), seller: value.seller.filter((id) => known('seller').has(id)) };
}

/**
 * The Default Commission Templates block shows when the platform setting says so
 * (show_default_templates), and never for VENDOR (spec 000 section 6).
 */
export function showsDefaultTemplates(list: CommissionTemplatesResponse | null | undefined, role: string): boolean {
  return list?.show_default_templates === true && !isVendor(role);
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

/**
 * What the form adds for the templates: nothing while the block is hidden (the stored ones stay);
 * shown, both lists on create, and on edit only when a list changed.
 */
export function templatesPayload(options: {
  shown: boolean;
  mode: UserFormMode;
  values: DefaultTemplates;
  initial?: DefaultTemplates;
}): Pick<AdminUserForm, 'default_commission_templates'> {
  const { shown, mode, values, initial } = options;
  if (!shown) return {};
  const current = { buyer: ids(values.buyer), seller: ids(values.seller) };
  if (mode === 'edit' && initial && sameIds(current.buyer, initial.buyer) && sameIds(current.seller, initial.seller)) return {};
  return { default_commission_templates: current };
}

export function templateErrorsOf(error: unknown): TemplateErrors {
  const errors: TemplateErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const side = Object.hasOwn(TEMPLATE_ERROR_FIELDS, field) ? TEMPLATE_ERROR_FIELDS[field] : undefined;
    if (side && !errors[side]) errors[side] = message;
  }
  return errors;
}
