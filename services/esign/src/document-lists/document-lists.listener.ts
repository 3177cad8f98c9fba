import { documentListCopyListeners } from '@app/events';

/** team-admin's folder and document type lists: esign's copies, its templates' storage options. */
export const [UpdateDocumentFoldersWhenFoldersChange, UpdateDocumentTypesWhenTypesChange] = documentListCopyListeners('esign');
