import { documentListCopyListeners } from '@app/events';

/** team-admin's folder and document type lists: the transactions service's copies, its documents' folders and types. */
export const [UpdateDocumentFoldersWhenFoldersChange, UpdateDocumentTypesWhenTypesChange] = documentListCopyListeners('transactions');
