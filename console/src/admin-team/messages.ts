import { ADMIN_MESSAGES, TEAM_SETUP_MESSAGES } from '@app/contracts';
import { ACCOUNT_LABELS, ADDRESS_FIELD_LABELS } from '../account/messages';
import { COMMON_LABELS, COMMON_MESSAGES } from '../shared/messages';

// Words of the team administration screens. The spec's messages come word for word from the
// contracts (ADMIN_MESSAGES, shared with the server; the form error, the notification failure and
// the server error are the account area's, the same words); the screens' own labels live below,
// with the field labels and words they share with the account area taken from it.
export { ADMIN_MESSAGES, TEAM_SETUP_MESSAGES };

export { COMMON_MESSAGES };

export const ADMIN_TEAM_LABELS = {
  ...COMMON_LABELS,

  // Team settings
  teamSettingsTitle: 'Team Settings',
  teamLogo: 'Team logo',
  logoHint: 'PNG, JPG, GIF or WEBP, up to 10 MB.',
  uploadLogo: 'Upload logo',
  replaceLogo: 'Replace logo',
  uploadingLogo: 'Uploading…',
  deleteLogo: 'Delete logo',
  deleteLogoTitle: 'Delete the team logo?',
  noLogo: 'No logo yet',
  teamInfo: 'Team',
  address: 'Address',
  timezoneUs: 'United States',
  timezoneOther: 'All time zones',
  teamFields: {
    name: 'Team name',
    ...ADDRESS_FIELD_LABELS,
  },

  // Document folders
  foldersTitle: 'Document Folders',
  foldersIntro:
    'Folders sort the documents of every transaction. They are private by default: only team members see them unless you make them visible to clients or vendors.',
  folderVisibilityHint: 'Private by default: only team members see the folder unless it is visible to clients or vendors.',
  addFolder: 'Add Folder',
  editFolder: 'Edit Folder',
  newFolder: 'New Folder',
  noFolders: 'No folders yet',
  noFoldersForFilter: 'No folders for this transaction type',
  deleteFolderTitle: (name: string) => `Delete the folder "${name}"?`,
  systemFolder: 'System',
  transactionTypeFilter: 'Transaction type',
  folderFields: {
    folder_name: 'Folder name',
    transaction_type: 'Transaction type',
    client_visible: 'Visible to clients',
    vendor_visible: 'Visible to vendors',
  },

  // Document categories and types
  documentTypesTitle: 'Document Types',
  categoriesTitle: 'Document Categories',
  typesTitle: 'Document Types',
  categoriesIntro: 'Categories group the document types.',
  typesIntro: 'Document types name what each document of a transaction is.',
  addCategory: 'Add Category',
  editCategory: 'Edit Category',
  newCategory: 'New Category',
  addType: 'Add Document Type',
  editType: 'Edit Document Type',
  newType: 'New Document Type',
  noCategories: 'No categories yet',
  noTypes: 'No document types yet',
  noTypesInCategory: 'No document types in this category',
  noCategory: 'No category',
  allCategories: 'All categories',
  categoryFilter: 'Category',
  deleteCategoryTitle: (name: string) => `Delete the category "${name}"?`,
  deleteCategoryDetail: 'Its document types stay, without a category.',
  deleteTypeTitle: (name: string) => `Delete the document type "${name}"?`,
  categoryFields: { name: 'Category name' },
  typeFields: { name: 'Document type name', team_document_category_id: 'Category', category_name: 'Category' },

  // Send-document message template
  messageTemplateTitle: 'Send-Document Message Template',
  messageTemplateIntro: 'The message that goes with the documents your team sends.',
  messageTemplateField: 'Message template',
  messageTemplateMergeFieldsTitle: 'Merge fields',
  messageTemplateMergeFields:
    'This template has no merge fields: it is sent exactly as written, so a placeholder such as {first_name} or {{address}} is not filled in. Write it so that it reads well for every recipient.',
  messageTemplateUnsaved: 'The message template has unsaved changes. Leave this page and lose them?',
  characters: (count: number, max: number) => `${count} / ${max}`,

  // Team notifications and blackout days
  teamNotificationsTitle: 'Team Notification Settings',
  teamNotificationsIntro:
    'Turn a notification off for the whole team: every member sees it switched off, with "Notification disabled by team".',
  notificationsSection: 'Notifications',
  noNotifications: ACCOUNT_LABELS.notificationsEmpty,
  blackoutTitle: 'Blackout Days',
  blackoutIntro: 'Days your team does not work.',
  weekdays: 'Weekdays',
  holidays: 'Holidays',
  customDays: 'Custom days',
  noCustomDays: 'No custom days yet',
  customLabel: 'Label',
  customDate: 'Date',
  customDateHint: 'Type a label first',
  customDateHelp: 'mm/dd/yyyy, today or later',
  addCustomDay: 'Add day',
  deleteCustomDay: (label: string) => `Remove ${label}`,
  deleteCustomDayTitle: (label: string) => `Remove the blackout day "${label}"?`,
} as const;
