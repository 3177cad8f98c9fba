import { defineArea } from './area';

/** Team administration (docs/admin-api.md). */
export const adminTeamArea = defineArea({
  resources: {
    // Documents: {records, pagination}; the screens read every row (fetch_all) and name a record in the
    // query by its own id parameter.
    'document-folders': {
      path: 'documents/folders',
      idField: 'client_document_folder_id',
      idIn: 'query',
      idParam: 'folder_id',
      listParams: 'all',
    },
    'document-categories': {
      path: 'documents/categories',
      idField: 'team_document_category_id',
      idIn: 'query',
      listParams: 'all',
    },
    'document-types': {
      path: 'documents/types/manage',
      idField: 'team_document_type_id',
      idIn: 'query',
      listParams: 'all',
    },
  },
  methods: () => ({}),
});
