import { ESIGN_MESSAGES, ESIGN_REQUEST_MESSAGES, ESIGN_STEPS } from '@app/contracts';

// Words of the e-sign send stepper (spec 002 sections 2.2, 4, 5, 8). The spec's messages come word for word
// from the contract (ESIGN_REQUEST_MESSAGES, shared with the esign service); the page's own labels below.

export const SEND_MESSAGES = {
  required: ESIGN_REQUEST_MESSAGES.required,
  signerNameRequired: ESIGN_REQUEST_MESSAGES.signerNameRequired,
  nameRequired: ESIGN_REQUEST_MESSAGES.nameRequired,
  emailRequired: ESIGN_REQUEST_MESSAGES.emailRequired,
  invalidEmail: ESIGN_REQUEST_MESSAGES.invalidEmail,
  orderMin: ESIGN_REQUEST_MESSAGES.orderMin,
  sent: ESIGN_REQUEST_MESSAGES.sent,
  transactionDataUnavailable: ESIGN_MESSAGES.transactionDataUnavailable,
  // The console's own words.
  loadFailed: 'The signature request could not be loaded.',
  notFound: 'This signature request was not found.',
  saveFailed: 'Changes could not be saved.',
  sendFailed: 'The request could not be sent.',
  previewFailed: 'The preview could not be opened.',
  fieldsNeedAttention: 'Some values on Verify Data need attention:',
  noFields: 'No fields to verify: every value is filled in on the document or by the signers.',
  noSigners: 'No signing roles: add a role with fields on the document first.',
  noOptions: 'No results found',
} as const;

export const SEND_LABELS = {
  /** The screen's title (browser tab). */
  title: 'New Signature Request',
  steps: ESIGN_STEPS,
  stepOf: (step: number, count: number) => `Step ${step} of ${count}`,
  next: 'Next',
  nextStep: 'Next Step',
  previous: 'Previous',
  cancel: 'Cancel',
  saving: 'Saving…',
  saved: 'Saved',
  retry: 'Try again',
  // Step 1.
  readOnly: 'Read Only',
  updateTransaction: 'Update Transaction',
  transactionValue: (value: string) => `Transaction: ${value}`,
  signerPanel: (role: string, count: number) => `${role} (${count} ${count === 1 ? 'field' : 'fields'})`,
  noRole: 'No signer',
  // Step 2.
  startOver: 'Start Over',
  fillOut: 'Fill Out',
  editTemplate: 'Edit Template',
  rebuilding: 'Updating the form…',
  // Step 3.
  signers: 'Signers',
  signerFor: (role: string) => `Signer: ${role}`,
  contacts: 'Contacts',
  agents: 'Agents',
  other: 'Other',
  otherOption: 'Other (enter name and email)',
  onTransaction: 'On this transaction',
  name: 'Name',
  email: 'Email',
  order: 'Order',
  removeOther: 'Choose from the list instead',
  signatureOrder: 'Signature order',
  parallel: 'Simultaneous (P)',
  sequential: 'Sequential (S)',
  emailConfig: 'Email',
  subject: 'Subject',
  body: 'Message',
  roleMessages: 'Signer-specific messages',
  messageFor: (role: string) => `Message to ${role}`,
  preview: 'Preview',
  send: 'Send for Signatures',
  backToDocument: 'Back to Document',
} as const;

/** The default subject of a new request's mail. */
export const defaultSubjectOf = (title: string) => (title.trim() ? `Please sign: ${title.trim()}` : '');
