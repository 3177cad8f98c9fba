import { ESIGN_MESSAGES, type EsignFieldType, type EsignPlatformType } from '@app/contracts';

// The template builder's words (spec 002 sections 2.3, 4, 5, 8, 9). The spec's own messages
// come from ESIGN_MESSAGES in @app/contracts, word for word.

export const BUILDER_MESSAGES = {
  required: ESIGN_MESSAGES.required,
  staleTemplate: ESIGN_MESSAGES.staleTemplate,
  nameTooLong: ESIGN_MESSAGES.nameTooLong,
  loadFailed: 'The template could not be loaded.',
  saveFailed: 'Changes could not be saved.',
  noTemplate: 'Choose a template to edit.',
  // Spec 002 gives no words for a PDF that cannot be read (corrupt, not a PDF, or its download failed).
  pdfFailed: "This template's PDF could not be opened.",
  pdfLoading: 'Loading the PDF…',
  noRole: 'Add a role first.',
  confirmRemoveRole: (name: string, count: number) => `Remove the role '${name}' and its ${count === 1 ? 'field' : `${count} fields`}?`,
  noResults: 'No results found',
  templatesLoadFailed: 'The templates could not be loaded. Type to try again.',
  selectField: 'Select a field to see its properties.',
} as const;

export const BUILDER_LABELS = {
  title: 'Template Builder',
  back: 'Back to templates',
  templateDropdown: 'Template',
  templateFilter: 'Search',
  templateName: 'Template name',
  saveName: 'Save name',
  saving: 'Saving…',
  saved: 'Saved',
  reload: 'Reload',
  retry: 'Try again',
  palette: 'Fields',
  roles: 'Roles',
  addRole: 'Add role',
  roleName: 'Role name',
  removeRole: 'Remove role',
  properties: 'Field properties',
  pages: 'Pages',
  page: (n: number) => `Page ${n}`,
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  zoomReset: 'Fit width',
  copyField: 'Copy field',
  deleteField: 'Delete field',
  fieldRole: 'Role',
  fieldName: 'Name',
  fieldTitle: 'Title',
  fieldDescription: 'Description',
  fieldRequired: 'Required',
  fieldReadonly: 'Read only',
  defaultValue: 'Default value',
  signingDate: 'Signing date',
  options: 'Options',
  option: (n: number) => `Option ${n}`,
  addOption: 'Add option',
  removeOption: 'Remove option',
  pattern: 'Pattern',
  host: 'Hyperlink host',
  dateFormat: 'Date format',
  platformType: 'Entry type',
  platformNone: 'Plain',
  mappedField: 'Transaction field',
  mappedNone: 'Not mapped',
  canUpdate: 'Can update the transaction',
  cancel: 'Cancel',
  remove: 'Remove',
} as const;

/** Palette names of the 11 field types (spec section 9), in palette order. */
export const FIELD_TYPE_LABELS: Record<EsignFieldType, string> = {
  text: 'Text',
  signature: 'Signature',
  initials: 'Initials',
  checkbox: 'Checkbox',
  select: 'Select',
  radio: 'Radio',
  multiple: 'Multiple',
  number: 'Number',
  phone: 'Phone',
  date: 'Date',
  strikethrough: 'Strikethrough',
};

export const PLATFORM_TYPE_LABELS: Record<EsignPlatformType, string> = {
  hyperlink: 'Hyperlink',
  amount: 'Amount',
  phone: 'Phone',
};

/** Default names of new roles, by order (then 'Party 7', ...). */
export const DEFAULT_ROLE_NAMES = ['First Party', 'Second Party', 'Third Party', 'Fourth Party', 'Fifth Party', 'Sixth Party'];
