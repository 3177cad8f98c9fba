/** The rows of an UPDATE/DELETE ... RETURNING (TypeORM answers [rows, count] for those on Postgres). */
export function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
