/**
 * How one react-admin resource maps onto the REST API. The spec names ids per entity (agent_id,
 * client_document_folder_id, ...) and sometimes carries them in the query or the body instead of the
 * path (GET /admin/user?agent_id=, PATCH /admin/user {agent_id}); react-admin always wants `id`.
 */
export interface ResourceConfig {
  /** List path under /api, no leading slash: 'admin/users'. */
  path: string;
  /** Path of one record when it differs from the list's ('admin/user'). */
  itemPath?: string;
  /** The server's name of the id field; copied to react-admin's `id`. Default 'id'. */
  idField?: string;
  /** Where single-record calls carry the id. Default 'path' (/x/{id}). */
  idIn?: 'path' | 'query' | 'body';
  /** Name of the id in the query or body when it is not idField ('folder_id'). */
  idParam?: string;
  /** Method of update calls. Default PATCH (the spec's). */
  updateMethod?: 'PATCH' | 'PUT';
  /** One record per user (GET/PATCH /user/profile): no id on the wire, the record keeps the id asked for. */
  singleton?: boolean;
  /**
   * How a list asks for its rows. 'pages' (default): page, per_page, order_by, order_dir. 'all':
   * fetch_all=true, every row in one page in the server's order (docs/admin-api.md). 'none': the API
   * takes no paging and answers every row (GET /tooltips/list, GET /enroll/vendor/links).
   */
  listParams?: 'pages' | 'all' | 'none';
  /** DELETE carries the id in a JSON body (DELETE /enroll/vendor/link {invite_id}). Default: the query. */
  deleteIdInBody?: boolean;
}

export interface ResolvedResourceConfig extends Required<Omit<ResourceConfig, 'idParam'>> {
  idParam: string;
}

export function resolveResourceConfig(resource: string, registry: Readonly<Record<string, ResourceConfig>>): ResolvedResourceConfig {
  const config = registry[resource] ?? { path: resource };
  const idField = config.idField ?? 'id';
  return {
    path: trimSlashes(config.path),
    itemPath: trimSlashes(config.itemPath ?? config.path),
    idField,
    idIn: config.idIn ?? 'path',
    idParam: config.idParam ?? idField,
    updateMethod: config.updateMethod ?? 'PATCH',
    singleton: config.singleton ?? false,
    listParams: config.listParams ?? 'pages',
    deleteIdInBody: config.deleteIdInBody ?? false,
  };
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
