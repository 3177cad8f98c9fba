import { Injectable } from '@nestjs/common';
import { ReadListCopyListener } from './read-list-copy';

/**
 * A service's read copy of team-admin's document lists (team-admin.document-folders.changed and
 * .document-types.changed, each the team's whole list with a revision), for every service that keeps one
 * (transactions for its documents, esign for its templates' storage options) in its own schema's tables
 * document_folders, document_types and document_list_revisions: the two listeners, in team-admin's order.
 */
export function documentListCopyListeners(schema: string) {
  /** team-admin's folder list changed: the team's copy is replaced (an older revision delivered late is dropped). */
  @Injectable()
  class UpdateDocumentFoldersWhenFoldersChange extends ReadListCopyListener({
    table: `${schema}.document_folders`,
    on: ['team-admin.document-folders.changed'],
    list: ({ team_id, payload }) =>
      team_id === null
        ? null
        : {
            scope: team_id,
            revision: payload.revision,
            items: payload.folders.map((f) => ({
              folder_id: f.client_document_folder_id,
              folder_name: f.folder_name,
              transaction_type: f.transaction_type,
              client_visible: f.client_visible ?? false,
              vendor_visible: f.vendor_visible ?? false,
            })),
          },
    scope: 'team_id',
    order: 'sort',
    columns: { folder_id: 'int', folder_name: 'text', transaction_type: 'text', client_visible: 'boolean', vendor_visible: 'boolean' },
    revisions: { table: `${schema}.document_list_revisions`, column: 'folders_revision' },
  }) {}

  /** team-admin's document type list changed: the team's copy is replaced (an older revision is dropped). */
  @Injectable()
  class UpdateDocumentTypesWhenTypesChange extends ReadListCopyListener({
    table: `${schema}.document_types`,
    on: ['team-admin.document-types.changed'],
    list: ({ team_id, payload }) =>
      team_id === null
        ? null
        : {
            scope: team_id,
            revision: payload.revision,
            items: payload.types.map((t) => ({
              doc_type_id: t.team_document_type_id,
              name: t.name,
              category_id: t.team_document_category_id,
              category_name: t.category_name,
            })),
          },
    scope: 'team_id',
    order: 'sort',
    columns: { doc_type_id: 'int', name: 'text', category_id: 'int', category_name: 'text' },
    revisions: { table: `${schema}.document_list_revisions`, column: 'types_revision' },
  }) {}

  return [UpdateDocumentFoldersWhenFoldersChange, UpdateDocumentTypesWhenTypesChange] as const;
}
