/**
 * REST mapping of each react-admin resource; each area declares its own in areas/<area>.ts. A
 * resource missing here uses its own name as the path and `id` as its id field.
 */
export { RESOURCES } from './areas';

/** Id under which singleton resources are asked for: useGetOne('profile', { id: SINGLETON_ID }). */
export const SINGLETON_ID = 'me';
