import { ESIGN_MESSAGES } from '@app/contracts';

// Words of the e-sign templates list (spec 002 sections 2.4, 5, 8): the server's and the spec's messages
// come word for word from the contract (shared with the esign service); the page's own labels below.
export { ESIGN_MESSAGES };

export const ESIGN_TEMPLATE_LABELS = {
  /** Menu entry and page title. */
  title: 'E-sign Templates',
  templates: 'Templates',
  packetTemplates: 'Packet Templates',
  viewToggle: 'Show templates or packet templates',
  addTemplate: 'Add Template',
  createPacket: 'Create Packet',
  search: 'Search',
  searchHint: 'Name or transaction type',
  // Templates table.
  name: 'Name',
  transactionType: 'Transaction Type',
  documentType: 'Document Type',
  folder: 'Folder',
  lastUpdated: 'Last Updated',
  actions: 'Actions',
  edit: 'Edit',
  clone: 'Clone',
  delete: 'Delete',
  rename: 'Rename',
  saveName: 'Save name',
  cancelRename: 'Cancel',
  templatesEmpty: 'No templates found',
  templatesRegion: 'Templates table',
  // Packet table.
  packetTemplatesColumn: 'Templates',
  editPacket: 'Edit Packet',
  packetsEmpty: 'No packet templates found',
  packetsRegion: 'Packet templates table',
  rowsPerPage: 'Rows per page',
  retry: 'Retry',
  // Add Template.
  addTemplateTitle: 'Add Template',
  pdfFile: 'PDF file',
  chooseFile: 'Choose PDF',
  noFile: 'No file chosen',
  templateName: 'Template name',
  documentTypeNone: 'None',
  uploading: 'Uploading…',
  uploadProgress: 'Upload progress',
  creating: 'Creating…',
  create: 'Create',
  cancel: 'Cancel',
  save: 'Save',
  // Packets.
  createPacketTitle: 'Create Packet',
  editPacketTitle: 'Edit Packet',
  packetName: 'Packet name',
  addTemplateToPacket: 'Add a template',
  packetOrder: 'Templates, in order',
  packetNoTemplates: 'No templates added yet',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  noResults: 'No results found',
  pickerLoadFailed: 'The templates could not be loaded. Type to try again.',
  // Toasts.
  renamed: 'Template name saved',
  cloned: 'Template cloned',
  templateDeleted: 'Template deleted',
  packetCreated: 'Packet created',
  packetSaved: 'Packet saved',
  packetDeleted: 'Packet deleted',
  formError: 'Please correct the errors below',
  serverError: 'Something went wrong. Please try again.',
  loadFailed: 'The list could not be loaded.',
  storageOptionsFailed: 'The folders and document types could not be loaded.',
} as const;

/** `Rename Purchase Agreement`, `Clone Purchase Agreement`: a row's button named after its row. */
export const rowAction = (action: string, name: string): string => `${action} ${name}`;
