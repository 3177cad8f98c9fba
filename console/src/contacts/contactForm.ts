import type { ContactDetail, ContactWriteRequest } from '@app/contracts';

// The contact form's values (spec 001 sections 2 and 5). Pure.

export interface ContactFormValues {
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_phone: string | null;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postal_code: string;
  lead_type_id: number | null;
  agent_id: number | null;
  status: 'active' | 'inactive';
}

export const EMPTY_CONTACT: ContactFormValues = {
  first_name: '',
  last_name: '',
  email: null,
  mobile_phone: null,
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postal_code: '',
  lead_type_id: null,
  agent_id: null,
  status: 'active',
};

const KEYS = Object.keys(EMPTY_CONTACT) as (keyof ContactFormValues)[];

export function formValuesOf(detail: ContactDetail): ContactFormValues {
  const values = { ...EMPTY_CONTACT };
  for (const key of KEYS) (values as Record<string, unknown>)[key] = detail[key] ?? EMPTY_CONTACT[key];
  return values;
}

const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');

/**
 * What to send: on create every filled field (agent only when the user may choose it); on update only
 * what changed. Blank text is sent as null (the server clears it).
 */
export function requestOf(values: ContactFormValues, initial: ContactFormValues | null, canChooseAgent: boolean): ContactWriteRequest {
  const request: Record<string, unknown> = {};
  for (const key of KEYS) {
    if (key === 'agent_id' && !canChooseAgent) continue;
    const value = typeof values[key] === 'string' ? (values[key] as string).trim() : values[key];
    if (initial ? same(value, initial[key]) : value === null || value === '') continue;
    request[key] = value === '' ? null : value;
  }
  return request as ContactWriteRequest;
}
