import { esignFieldOf, type EsignField, type EsignSigningSession } from '@app/contracts';

// A signing session for the tests: one two-page document, this signer's fields of every type, and a
// field of another signer with a value and one without.

export function buildField(overrides: Partial<EsignField> & Pick<EsignField, 'uuid' | 'type'>): EsignField {
  return esignFieldOf({
    role_uuid: 'role-buyer',
    name: overrides.uuid,
    areas: [{ page: 1, x: 0.1, y: 0.1, w: 0.3, h: 0.03 }],
    ...overrides,
  });
}

const at = (page: number, y: number, x = 0.1) => [{ page, x, y, w: 0.3, h: 0.03 }];
const options = (...values: string[]) => values.map((value) => ({ value, uuid: `opt-${value}` }));

/** This signer's fields in reading order. */
export const OWN_FIELDS: EsignField[] = [
  buildField({ uuid: 'f-name', type: 'text', title: 'Buyer name', required: true, areas: at(1, 0.1) }),
  buildField({
    uuid: 'f-email',
    type: 'text',
    title: 'Buyer email',
    validation: { pattern: '^\\S+@\\S+\\.\\S+$', host: null },
    areas: at(1, 0.15),
  }),
  buildField({ uuid: 'f-phone', type: 'phone', title: 'Buyer phone', required: true, areas: at(1, 0.2) }),
  buildField({ uuid: 'f-price', type: 'number', title: 'Offer price', required: true, platform_type: 'amount', areas: at(1, 0.25) }),
  buildField({ uuid: 'f-count', type: 'number', title: 'Parking spaces', areas: at(1, 0.3) }),
  buildField({ uuid: 'f-agree', type: 'checkbox', title: 'Financing contingency', required: true, areas: at(1, 0.35) }),
  buildField({ uuid: 'f-waive', type: 'checkbox', title: 'Waive inspection', areas: at(1, 0.35, 0.5) }),
  buildField({
    uuid: 'f-extras',
    type: 'multiple',
    title: 'Included items',
    options: options('Fridge', 'Washer', 'Dryer'),
    areas: at(1, 0.4),
  }),
  buildField({
    uuid: 'f-close',
    type: 'radio',
    title: 'Closing',
    required: true,
    options: options('30 days', '45 days'),
    areas: at(1, 0.45),
  }),
  buildField({ uuid: 'f-loan', type: 'select', title: 'Loan type', options: options('FHA', 'VA', 'Conventional'), areas: at(1, 0.5) }),
  buildField({
    uuid: 'f-move',
    type: 'date',
    title: 'Move-in date',
    required: true,
    preferences: { format: 'DD/MM/YYYY', font_size: null },
    areas: at(1, 0.55),
  }),
  buildField({ uuid: 'f-today', type: 'date', title: 'Date signed', default_value: '{{date}}', areas: at(2, 0.8) }),
  buildField({ uuid: 'f-sign', type: 'signature', title: 'Buyer signature', required: true, areas: [...at(2, 0.7), ...at(2, 0.9)] }),
  buildField({ uuid: 'f-init', type: 'initials', title: 'Buyer initials', required: true, areas: at(2, 0.75) }),
];

/** Another signer's fields and the sender's. */
export const OTHER_FIELDS: EsignField[] = [
  buildField({ uuid: 'f-seller', type: 'text', title: 'Seller name', role_uuid: 'role-seller', areas: at(1, 0.05) }),
  buildField({ uuid: 'f-seller-sign', type: 'signature', title: 'Seller signature', role_uuid: 'role-seller', areas: at(2, 0.5) }),
  buildField({ uuid: 'f-address', type: 'text', title: 'Property address', role_uuid: 'role-seller', readonly: true, areas: at(1, 0.02) }),
];

export function buildSession(overrides: Partial<EsignSigningSession> = {}): EsignSigningSession {
  return {
    state: 'open',
    message: null,
    esig_request_id: 41,
    title: 'Purchase Agreement',
    sender: { name: 'Avery Agent', email: 'agent@demo-realty.test' },
    signer: { name: 'Jane Q. Buyer', email: 'jane@example.test', role: 'Buyer' },
    documents: [
      {
        id: 'doc-1',
        name: 'Purchase Agreement',
        pages: 2,
        url: '/files/offer.pdf',
        page_sizes: [
          [612, 792],
          [612, 792],
        ],
        first_page: 1,
      },
    ],
    fields: [...OTHER_FIELDS, ...OWN_FIELDS],
    own_field_ids: OWN_FIELDS.map((field) => field.uuid),
    values: { 'f-seller': 'Sam Seller', 'f-address': '12 Elm Street' },
    signed_document_url: null,
    consent_text: 'I agree to use electronic records and signatures.',
    ...overrides,
  };
}
