import type { Selectable } from 'kysely';
import type { DB, JsonValue } from './schema.generated';

export type { DB } from './schema.generated';

/**
 * A row of `schema.table` as `SELECT *` returns it through pg (kysely-codegen's types of the migrated
 * schema: int8 and numeric as string, timestamptz and date as Date, jsonb as JSON). Repositories derive
 * their row types from it (Pick, Omit, intersections for joined or computed columns), so a migration
 * that drops, renames or retypes a column breaks the compiler where the column is read.
 */
export type TableRow<T extends keyof DB> = Selectable<DB[T]>;

/** A column name of `schema.table`: a column list written into SQL `satisfies readonly ColumnOf<...>[]`. */
export type ColumnOf<T extends keyof DB> = keyof DB[T] & string;

/** What a narrowed column may become: a json(b) column any shape (its type cannot tell a nullable one), any other a subtype. */
type NarrowingOf<C> = [NonNullable<JsonValue>] extends [NonNullable<C>] ? unknown : C;

/**
 * The row with some columns narrowed to what the service writes into them, which the schema cannot say:
 * a text column to its union of codes, a jsonb column to its shape. Naming a column the row lacks, or
 * narrowing a non-JSON column to a type it cannot hold, is a compile error.
 */
export type Narrow<R, S extends { [K in keyof S]: K extends keyof R ? NarrowingOf<R[K]> : never }> = Omit<R, keyof S> & S;

/** Some column names of `schema.table` as a union, each checked: `Columns<'team_admin.teams', 'name' | 'city'>`. */
export type Columns<T extends keyof DB, K extends ColumnOf<T>> = K;
