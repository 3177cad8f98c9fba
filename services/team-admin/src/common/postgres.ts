/** A unique index refused the row (Postgres 23505), optionally a given index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.driverError?.code;
  const name = e?.constraint ?? e?.driverError?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}

/** TypeORM answers UPDATE and DELETE as [rows, rowCount]; this reads both. */
export function updateResult<T>(result: unknown): { rows: T[]; count: number } {
  const [rows, count] = result as [T[], number];
  return { rows, count };
}
