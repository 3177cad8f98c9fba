import type { EsignDraft, EsignField, EsignSendField, EsignTemplateSchema } from '@app/contracts';

// Test data of the send stepper's tests: a two-role draft on one document, one field of each input type.

export function sendField(overrides: Partial<EsignSendField> & Pick<EsignSendField, 'fieldId'>): EsignSendField {
  return {
    uuid: overrides.fieldId,
    label: overrides.fieldId,
    required: false,
    fieldType: 'text',
    platform_type: null,
    can_update: false,
    signer: 'Buyer',
    mapped_field: null,
    mapped_entity: null,
    validation: { pattern: null, host: null },
    placeholder: null,
    disabled: false,
    readonly: false,
    options: [],
    description: null,
    title: null,
    document_name: 'Offer',
    document_order: 1,
    document_page: 1,
    preferences: { format: null },
    default_value: null,
    update_transaction: false,
    value: null,
    external_service_field_name: overrides.fieldId,
    transaction_value: null,
    ...overrides,
  };
}

const options = (...values: string[]) => values.map((value, index) => ({ value, uuid: `${value}-${index}` }));

/** One field of each type of step 1, the Buyer's and the Second Party's. */
export function sendFields(): EsignSendField[] {
  return [
    sendField({ fieldId: 'f-name', label: 'Buyer name', required: true }),
    sendField({ fieldId: 'f-email', label: 'Buyer email', validation: { pattern: '[^@\\s]+@[^@\\s]+\\.[a-z]+', host: null } }),
    sendField({ fieldId: 'f-site', label: 'Listing link', platform_type: 'hyperlink', validation: { pattern: null, host: 'zillow.com' } }),
    sendField({ fieldId: 'f-code', label: 'Lot code', validation: { pattern: '[A-Z]{3}', host: null } }),
    sendField({
      fieldId: 'f-price',
      label: 'Sale price',
      fieldType: 'number',
      platform_type: 'amount',
      required: true,
      can_update: true,
      mapped_entity: 'transaction',
      mapped_field: 'sale_price',
      value: 250000,
      transaction_value: 250000,
    }),
    sendField({
      fieldId: 'f-rooms',
      label: 'Rooms',
      fieldType: 'number',
      can_update: true,
      mapped_entity: 'transaction',
      mapped_field: 'bedrooms',
    }),
    sendField({ fieldId: 'f-phone', label: 'Buyer phone', fieldType: 'phone', required: true }),
    sendField({ fieldId: 'f-agree', label: 'Agree', fieldType: 'checkbox', required: true }),
    sendField({ fieldId: 'f-kind', label: 'Kind', fieldType: 'select', options: options('House', 'Condo'), required: true }),
    sendField({ fieldId: 'f-pay', label: 'Payment', fieldType: 'radio', options: options('Cash', 'Loan') }),
    sendField({ fieldId: 'f-extras', label: 'Extras', fieldType: 'multiple', options: options('Pool', 'Garage', 'Shed') }),
    sendField({
      fieldId: 'f-close',
      label: 'Closing date',
      fieldType: 'date',
      preferences: { format: 'DD.MM.YYYY' },
      signer: 'Second Party',
      document_name: 'Addendum',
      document_order: 2,
    }),
  ];
}

const schemaField = (field: EsignSendField, roleUuid: string, page: number): EsignField => ({
  uuid: field.fieldId,
  role_uuid: roleUuid,
  name: field.external_service_field_name,
  type: field.fieldType,
  required: field.required,
  readonly: field.readonly,
  default_value: field.default_value,
  title: field.label,
  description: field.description,
  options: field.options,
  validation: field.validation,
  preferences: { format: field.preferences.format, font_size: null },
  platform_type: field.platform_type,
  mapped_entity: field.mapped_entity,
  mapped_field: field.mapped_field,
  can_update: field.can_update,
  areas: [{ page, x: 0.1, y: 0.1, w: 0.2, h: 0.03 }],
});

export function schemaOf(fields: readonly EsignSendField[]): EsignTemplateSchema {
  return {
    documents: [
      { id: 'd1', name: 'Offer', pages: 1 },
      { id: 'd2', name: 'Addendum', pages: 1 },
    ],
    roles: [
      { uuid: 'r1', name: 'Buyer' },
      { uuid: 'r2', name: 'Second Party' },
    ],
    fields: [
      ...fields.map((field) => schemaField(field, field.signer === 'Buyer' ? 'r1' : 'r2', field.document_name === 'Offer' ? 1 : 2)),
      // Signature fields sign; they are not step 1's.
      { ...schemaField(sendField({ fieldId: 'sig-1' }), 'r1', 1), type: 'signature', title: 'Buyer signature' },
      { ...schemaField(sendField({ fieldId: 'sig-2' }), 'r2', 2), type: 'signature', title: 'Seller signature' },
    ],
  };
}

export function draftOf(overrides: Partial<EsignDraft> = {}): EsignDraft {
  const fields = overrides.fields ?? sendFields();
  return {
    draft_id: 'dr-1',
    client_id: 42,
    template_ids: [7],
    packet_id: null,
    title: 'Purchase Offer',
    fields,
    roles: [
      { uuid: 'r1', name: 'Buyer', order: 1 },
      { uuid: 'r2', name: 'Second Party', order: 2 },
    ],
    schema: schemaOf(fields),
    files: [
      { id: 'd1', name: 'Offer', pages: 1, url: '/files/offer.pdf', page_sizes: [{ width: 612, height: 792 }] },
      { id: 'd2', name: 'Addendum', pages: 1, url: '/files/addendum.pdf', page_sizes: [{ width: 612, height: 792 }] },
    ],
    form_state: null,
    updated_ts: '2026-11-20T15:30:00.000Z',
    ...overrides,
  };
}
