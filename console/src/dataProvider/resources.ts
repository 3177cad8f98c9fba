import type { ResourceConfig } from './resourceConfig';

/**
 * REST mapping of each react-admin resource. A resource missing here uses its own name as the path
 * and `id` as its id field. New screens add their entry here (and their menu entry in layout/menu.ts).
 */
export const RESOURCES: Readonly<Record<string, ResourceConfig>> = {
  // GET / PATCH /user/profile (spec 000 section 7).
  profile: { path: 'user/profile', idField: 'agent_id', singleton: true },

  // Team administration, documents (docs/admin-api.md): {records, pagination}; the screens read every
  // row (fetch_all) and name a record in the query by its own id parameter.
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

  // Tooltip back office (docs/tooltips-api.md): GET /tooltips/list {records}; GET and PATCH /tooltips/{id}.
  // A row is one market's copy of an id: the market goes in meta.query (GET) or the body (PATCH).
  tooltips: { path: 'tooltips/list', itemPath: 'tooltips', listParams: 'none' },

  // Vendor invite links (docs/vendor-enrollment-api.md): GET /enroll/vendor/links {records};
  // POST /enroll/vendor/link answers the link itself; DELETE /enroll/vendor/link {invite_id}.
  'vendor-invites': {
    path: 'enroll/vendor/links',
    itemPath: 'enroll/vendor/link',
    idField: 'invite_id',
    idIn: 'body',
    deleteIdInBody: true,
    listParams: 'none',
  },
};

/** Id under which singleton resources are asked for: useGetOne('profile', { id: SINGLETON_ID }). */
export const SINGLETON_ID = 'me';
