import { ACCOUNT_MESSAGES, ADMIN_MESSAGES } from '@app/contracts';

// Words every area's forms, lists and dialogs share. The spec's messages come word for word from
// the contracts (the form error and the server error are the account area's, the delete
// confirmation the spec's, spec 000); the areas' own words stay in their messages.ts.
export const COMMON_MESSAGES = {
  formError: ACCOUNT_MESSAGES.formError,
  serverError: ACCOUNT_MESSAGES.serverError,
  saveFailed: ACCOUNT_MESSAGES.notificationSaveFailed,
  forbiddenCharacters: ACCOUNT_MESSAGES.forbiddenCharacters,
  deleteConfirm: ADMIN_MESSAGES.folderDeleteConfirm,
} as const;

export const COMMON_LABELS = {
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  delete: 'Delete',
  edit: 'Edit',
  retry: 'Retry',
  loadFailed: ACCOUNT_MESSAGES.serverError,
  tooLong: (max: number) => `At most ${max} characters`,
  yes: 'Yes',
  no: 'No',
  actions: 'Actions',
} as const;
