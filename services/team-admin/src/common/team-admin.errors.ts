/**
 * Messages of rules the spec does not word (the spec's own words are ADMIN_MESSAGES in @app/contracts).
 * Documented in the OpenAPI descriptions of the operations that answer them.
 */
export const TEAM_ADMIN_MESSAGES = {
  teamNotFound: 'Team not found',
  folderNotFound: 'Folder not found',
  folderNameTaken: 'A folder with this name already exists',
  categoryNotFound: 'Document category not found',
  categoryNameTaken: 'A document category with this name already exists',
  typeNotFound: 'Document type not found',
  typeNameTaken: 'A document type with this name already exists in this category',
  notificationNotFound: 'Notification not found',
  blackoutDayNotFound: 'Blackout day not found',
  unknownDay: 'Unknown day',
  predefinedOrCustom: 'Send either predefined_day_key, or day_label and day_date',
  unknownUpload: 'Unknown upload',
  mustBeId: 'Must be an id',
  mustBeBoolean: 'Must be true or false',
  folderIdMismatch: 'The query and the body name different folders',
  mustBeTransactionType: "Must be 'b', 's' or null",
} as const;
