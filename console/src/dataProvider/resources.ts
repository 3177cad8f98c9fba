import type { ResourceConfig } from './resourceConfig';

/**
 * REST mapping of each react-admin resource. A resource missing here uses its own name as the path
 * and `id` as its id field. New screens add their entry here (and their menu entry in layout/menu.ts).
 */
export const RESOURCES: Readonly<Record<string, ResourceConfig>> = {
  // GET / PATCH /user/profile (spec 000 section 7).
  profile: { path: 'user/profile', idField: 'agent_id', singleton: true },
};

/** Id under which singleton resources are asked for: useGetOne('profile', { id: SINGLETON_ID }). */
export const SINGLETON_ID = 'me';
