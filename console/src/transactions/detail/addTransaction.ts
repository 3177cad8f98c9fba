import { TRANSACTION_EDIT_MESSAGES, type Role, type TransactionCreateRequest } from '@app/contracts';
import { isBlank } from '../../shared/form-fields/rules';
import { AGENT_CHOOSER_ROLES, TRANSACTION_CREATE_ROLES } from '../roles';

// Add Transaction (spec 001 sections 2 and 4, the multi-step tabbed form): who may add, who chooses the
// agent, the one rule across tabs (a contact or an address), and the POST /transactions body. Pure.

export { AGENT_CHOOSER_ROLES, TRANSACTION_CREATE_ROLES };

export const canAddTransaction = (roles: readonly Role[] | null | undefined): boolean =>
  (roles ?? []).some((role) => TRANSACTION_CREATE_ROLES.includes(role));
export const canChooseAgent = (roles: readonly Role[] | null | undefined): boolean =>
  (roles ?? []).some((role) => AGENT_CHOOSER_ROLES.includes(role));

export const CONTACT_KEYS = ['first_name', 'last_name', 'email', 'mobile_phone'] as const;
export const ADDRESS_KEYS = ['address_1', 'address_2', 'city', 'state', 'postal_code'] as const;

export interface AddTransactionValues {
  type?: 'b' | 's' | null;
  contact?: Partial<Record<(typeof CONTACT_KEYS)[number], string | null>>;
  address_1?: string | null;
  address_2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  primary_agent_id?: number | null;
  stage_id?: number | null;
  status_id?: number | null;
}

const text = (value: unknown): string | undefined => (isBlank(value) ? undefined : String(value).trim());

/** 'Enter a contact or an address' on address_1 while neither a contact field nor address_1 is filled. */
export function contactOrAddressRule(value: unknown, values: AddTransactionValues | undefined): string | undefined {
  if (!isBlank(value)) return undefined;
  const contact = values?.contact ?? {};
  return CONTACT_KEYS.some((key) => !isBlank(contact[key])) ? undefined : TRANSACTION_EDIT_MESSAGES.contactOrAddress;
}

/** POST /transactions: only what was filled; the agent only when the user may choose one. */
export function createRequestOf(values: AddTransactionValues, options: { chooseAgent: boolean }): TransactionCreateRequest {
  const contact: NonNullable<TransactionCreateRequest['contact']> = {};
  for (const key of CONTACT_KEYS) {
    const value = text(values.contact?.[key]);
    if (value !== undefined) contact[key] = value;
  }
  const request: TransactionCreateRequest = { type: values.type as 'b' | 's' };
  if (Object.keys(contact).length > 0) request.contact = contact;
  for (const key of ADDRESS_KEYS) {
    const value = text(values[key]);
    if (value !== undefined) request[key] = value;
  }
  if (options.chooseAgent && typeof values.primary_agent_id === 'number') request.primary_agent_id = values.primary_agent_id;
  if (typeof values.stage_id === 'number') request.stage_id = values.stage_id;
  if (typeof values.status_id === 'number') request.status_id = values.status_id;
  return request;
}
