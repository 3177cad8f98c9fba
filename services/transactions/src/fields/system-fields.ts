import type { CustomFieldType, TransactionFieldDefinition } from '@app/contracts';

/**
 * The transaction's own columns a form may show beside the team's custom fields (the catalogue of
 * GET /transaction/fields, which the e-sign and sync issues read). `column` is the transactions
 * table's column; `sortSql` is how the list orders by it.
 */
export interface SystemField extends TransactionFieldDefinition {
  system: true;
  column: string;
}

const field = (
  field_key: string,
  label: string,
  type: CustomFieldType,
  extra: Partial<Pick<SystemField, 'vendor_visible' | 'can_update' | 'options'>> = {},
): SystemField => ({
  field_key,
  label,
  type,
  options: extra.options ?? [],
  client_type: null,
  required: false,
  // Amounts, lead fields and the lost reason are never a vendor's; addresses and dates are.
  vendor_visible: extra.vendor_visible ?? false,
  can_update: extra.can_update ?? true,
  system: true,
  column: field_key,
});

export const SYSTEM_FIELDS: readonly SystemField[] = [
  field('first_name', 'First Name', 'text', { vendor_visible: true }),
  field('last_name', 'Last Name', 'text', { vendor_visible: true }),
  field('email', 'Email', 'email', { vendor_visible: true }),
  field('mobile_phone', 'Mobile Phone', 'phone', { vendor_visible: true }),
  field('address_1', 'Address', 'text', { vendor_visible: true }),
  field('address_2', 'Address 2', 'text', { vendor_visible: true }),
  field('city', 'City', 'text', { vendor_visible: true }),
  field('state', 'State', 'text', { vendor_visible: true }),
  field('postal_code', 'Zip', 'text', { vendor_visible: true }),
  field('trans_amt', 'Price', 'amount'),
  field('gci_pct', 'GCI %', 'percent'),
  field('gross_commission_amt', 'Gross Commission', 'amount'),
  field('appt_set_dt', 'Appointment Set Date', 'date', { vendor_visible: true }),
  field('appt_met_dt', 'Appointment Met Date', 'date', { vendor_visible: true }),
  field('signed_dt', 'Signed Date', 'date', { vendor_visible: true }),
  field('under_contract_dt', 'Under Contract Date', 'date', { vendor_visible: true }),
  field('est_close_dt', 'Est. Close Date', 'date', { vendor_visible: true }),
  field('closed_dt', 'Closed Date', 'date', { vendor_visible: true }),
  field('lost_dt', 'Lost Date', 'date'),
  field('lost_reason', 'Lost Reason', 'text'),
  field('lead_type_id', 'Lead Type', 'select'),
  field('original_lead_type_id', 'Original Lead Type', 'select'),
  field('lead_type_date', 'Lead Type Date', 'date'),
  field('appt_set_by_agent_id', 'Appointment Set By', 'select'),
];

export const SYSTEM_FIELDS_BY_KEY: ReadonlyMap<string, SystemField> = new Map(SYSTEM_FIELDS.map((f) => [f.field_key, f]));

/** Lead fields hold a lead type or an agent id: the list shows their label/name. */
export const LEAD_TYPE_FIELDS: ReadonlySet<string> = new Set(['lead_type_id', 'original_lead_type_id']);
