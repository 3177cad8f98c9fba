import type { Selectable } from 'kysely';
import type { DB } from './schema.generated';

export type { DB } from './schema.generated';

/**
 * A row of `schema.table` as `SELECT *` returns it through pg (kysely-codegen's types of the migrated
 * schema: int8 and numeric as string, timestamptz and date as Date, jsonb as JSON). Repositories derive
 * their row types from it (Pick, Omit, intersections for joined or computed columns), so a migration
 * that drops, renames or retypes a column breaks the compiler where the column is read.
 */
export type TableRow<T extends keyof DB> = Selectable<DB[T]>;

/**
 * A row whose JSON columns carry the shape the service writes into them (the schema knows only `jsonb`).
 * Naming a column the row lacks is an error.
 */
export type WithJson<R, S extends { [K in keyof S]: K extends keyof R ? unknown : never }> = Omit<R, keyof S> & S;
