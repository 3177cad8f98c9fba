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

// ---------------------------------------------------------------- the request board (spec 002 sections 2.2 and 2.5)

/** The request board and a transaction's e-sign tab (spec 002 sections 2.5, 4, 7, 8): the page's own words. */
export const ESIGN_BOARD_LABELS = {
  /** The board's page title (the menu entry keeps its label E-Sign). */
  title: 'E-sign Requests',
  /** A transaction's e-sign tab: its button on the transaction page and its page title. */
  tab: 'E-sign',
  tabTitle: 'E-sign',
  backToTransaction: 'Back to transaction',
  // Filters.
  filters: 'Filters',
  status: 'Status',
  user: 'User',
  dateType: 'Date Type',
  createdDate: 'Created Date',
  completedDate: 'Completed Date',
  clear: 'Clear',
  search: 'Search',
  searchHint: 'Template, address or creator',
  noUsers: 'No users',
  // Tiles.
  totals: 'Requests by status',
  total: 'Total',
  // Table.
  template: 'Template',
  transaction: 'Transaction',
  createdBy: 'Created By',
  created: 'Created',
  completed: 'Completed',
  actions: 'Actions',
  cancelled: 'Cancelled',
  cancelRequest: 'Cancel request',
  cancelTitle: 'Cancel request',
  keepRequest: 'No',
  confirmCancel: 'Yes, cancel it',
  requestCancelled: 'Request cancelled',
  auditLog: 'Audit Log',
  tableRegion: 'E-sign requests table',
  rowsPerPage: 'Rows per page',
  retry: 'Retry',
  loadFailed: 'The requests could not be loaded.',
  usersFailed: 'The users could not be loaded.',
  serverError: 'Something went wrong. Please try again.',
  // Audit log.
  auditTitle: 'Audit Log',
  auditLoading: 'Loading the audit log',
  auditEvents: 'Events',
  noEvents: 'No events',
  time: 'Time',
  type: 'Type',
  actor: 'Actor',
  email: 'Email',
  ip: 'IP',
  userAgent: 'User Agent',
  detail: 'Detail',
  documents: 'Documents',
  finalDocument: 'Signed document',
  sha256: 'SHA-256',
  download: 'Download',
  close: 'Close',
  // New Signature Request.
  newRequest: 'New Signature Request',
  pickerTitle: 'New Signature Request',
  pickerTemplates: 'Templates',
  pickerPackets: 'Packets',
  pickerKind: 'Templates or packets',
  pickerSearch: 'Search',
  noTemplates: 'No templates for this transaction type',
  noPackets: 'No packets for this transaction type',
  pickerLoadFailed: 'The templates could not be loaded.',
  creatingDraft: 'Preparing the request…',
  pickerCancel: 'Cancel',
  templatesInPacket: '{count} templates',
  oneTemplateInPacket: '1 template',
} as const;

/** The audit log's event types as words ('mail_queued' -> 'Mail queued'). */
export const ESIGN_AUDIT_EVENT_LABELS: Record<string, string> = {
  sent: 'Sent',
  mail_queued: 'Mail queued',
  mail_failed: 'Mail failed',
  viewed: 'Viewed',
  signed: 'Signed',
  declined: 'Declined',
  status_changed: 'Status changed',
  sealed: 'Sealed',
  seal_failed: 'Seal failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  invitation_resent: 'Invitation resent',
};
