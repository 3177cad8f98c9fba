import type { EntityManager } from 'typeorm';
import { preparedQuery } from '@app/database';
import type { EventEnvelope, EventType } from '@app/contracts';
import { HandleEvent } from './handle-event.decorator';

/** A step the consumer runs after the event's transaction commits (a push, a refresh). */
export type AfterCommit = () => Promise<void> | void;

type Row = Record<string, unknown>;

/**
 * How a service keeps its copy of another service's rows from that service's events (ARCHITECTURE.md section 4):
 * one row per source id, written by an upsert that keeps the newest snapshot, so a repeated or late event changes
 * nothing. The consumer has already recorded the event in the inbox in the same transaction.
 */
export interface ReadCopySpec<T extends EventType, R extends Row, P extends keyof R & string = never> {
  /** The copy's table, schema-qualified ('esign.users'). */
  table: string;
  /** The events whose payload is the newest snapshot of a row. */
  upsertOn: readonly T[];
  /** The events that delete a row: it stays, marked in `tombstone`, so a late update cannot bring it back. */
  deleteOn?: readonly T[];
  /** The row an event writes, column by column (the tombstone aside); null: the event writes nothing. */
  row: (event: EventEnvelope<T>) => R | null;
  /** The columns the source identifies a row by (the upsert's conflict target). */
  key: readonly (keyof R & string)[];
  /**
   * The column that orders snapshots: a stored row is replaced only by a newer one (by an equal one too with
   * `equalReplaces`, for an event time where two changes may share an instant).
   */
  newest: { column: keyof R & string; equalReplaces?: boolean };
  /** The boolean column that marks a deleted row; a delete of the stored version still applies. */
  tombstone?: string;
  /** A column set to now() when a stored row is replaced. */
  touch?: string;
  /** Columns whose stored values the write answers (read from the locked row it replaces; null for a new row). */
  previous?: readonly P[];
  /** Run as named prepared statements (preparedQuery), for a copy on a hot path. */
  prepared?: boolean;
}

/** What one write did: whether the row changed, and the `previous` columns of the row it replaced. */
export interface ReadCopyWrite<Previous = Row> {
  applied: boolean;
  previous: Previous | null;
}

const placeholders = (from: number, count: number) => Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');

/** Builds and runs a copy's statements; every query goes through the manager it is handed (the consumer's transaction). */
export class ReadCopyWriter<T extends EventType, R extends Row, P extends keyof R & string = never> {
  /** Statements by the row's column list (fixed per copy: one text each, so they can be prepared). */
  private readonly statements = new Map<string, { upsert: string; update?: string }>();

  constructor(private readonly spec: ReadCopySpec<T, R, P>) {
    if (spec.deleteOn?.length && !spec.tombstone) throw new Error(`read copy ${spec.table}: deleteOn needs a tombstone column`);
  }

  /** The row the event writes (null: nothing to write). */
  rowOf(event: EventEnvelope<T>): R | null {
    return this.spec.row(event);
  }

  async write(event: EventEnvelope<T>, row: R, manager: EntityManager): Promise<ReadCopyWrite<Pick<R, P>>> {
    const columns = Object.keys(row);
    const values = columns.map((column) => row[column]);
    if (this.spec.tombstone) values.push(this.spec.deleteOn?.includes(event.type) ?? false);
    const { upsert, update } = this.statementsOf(columns);
    const inserted = await this.run(manager, upsert, values);
    if (!update || inserted.length) return { applied: inserted.length > 0, previous: null };
    // The row exists (or a concurrent insert just committed it): replaced when newer, and its values before the
    // change read from the locked row.
    const [replaced] = await this.run(manager, update, values, true);
    return replaced ? { applied: true, previous: replaced as Pick<R, P> } : { applied: false, previous: null };
  }

  private async run(manager: EntityManager, text: string, values: unknown[], isUpdate = false): Promise<Row[]> {
    if (this.spec.prepared) return preparedQuery(manager, text, values);
    const result = await manager.query(text, values);
    // TypeORM answers an UPDATE as [rows, count].
    return isUpdate ? result[0] : result;
  }

  private statementsOf(columns: string[]) {
    const signature = columns.join(',');
    let statements = this.statements.get(signature);
    if (!statements) {
      statements = this.build(columns);
      this.statements.set(signature, statements);
    }
    return statements;
  }

  private build(columns: string[]): { upsert: string; update?: string } {
    const { table, key, newest, tombstone, touch, previous } = this.spec;
    for (const column of [...key, newest.column]) {
      if (!columns.includes(column)) throw new Error(`read copy ${table}: the row has no ${column}`);
    }
    const written = tombstone ? [...columns, tombstone] : columns;
    const replaced = columns.filter((column) => !key.includes(column));
    const newer = newest.equalReplaces ? '<=' : '<';
    const insert = `INSERT INTO ${table} (${written.join(', ')}) VALUES (${placeholders(1, written.length)})`;
    if (!previous?.length) {
      const sets = replaced.map((column) => `${column} = EXCLUDED.${column}`);
      if (tombstone) sets.push(`${tombstone} = ${table}.${tombstone} OR EXCLUDED.${tombstone}`);
      if (touch) sets.push(`${touch} = now()`);
      const order = `${table}.${newest.column}`;
      let guard = `${order} ${newer} EXCLUDED.${newest.column}`;
      if (tombstone) guard += ` OR (${order} = EXCLUDED.${newest.column} AND EXCLUDED.${tombstone} AND NOT ${table}.${tombstone})`;
      return {
        upsert: `${insert} ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${sets.join(', ')} WHERE ${guard} RETURNING ${key[0]}`,
      };
    }
    const at = (column: string) => `$${written.indexOf(column) + 1}`;
    const sets = replaced.map((column) => `${column} = ${at(column)}`);
    if (tombstone) sets.push(`${tombstone} = c.${tombstone} OR ${at(tombstone)}`);
    if (touch) sets.push(`${touch} = now()`);
    let guard = `c.${newest.column} ${newer} ${at(newest.column)}`;
    if (tombstone) guard = `(${guard} OR (c.${newest.column} = ${at(newest.column)} AND ${at(tombstone)} AND NOT c.${tombstone}))`;
    const locked = `SELECT ${[...new Set([...key, ...previous])].join(', ')} FROM ${table} WHERE ${key.map((k) => `${k} = ${at(k)}`).join(' AND ')} FOR UPDATE`;
    return {
      upsert: `${insert} ON CONFLICT (${key.join(', ')}) DO NOTHING RETURNING ${key[0]}`,
      update:
        `UPDATE ${table} c SET ${sets.join(', ')} FROM (${locked}) previous ` +
        `WHERE ${key.map((k) => `c.${k} = previous.${k}`).join(' AND ')} AND ${guard} ` +
        `RETURNING ${previous.map((column) => `previous.${column} AS ${column}`).join(', ')}`,
    };
  }
}

/**
 * The listener of a read copy: one handler per event of the spec, each writing the event's row. A service's
 * listener extends it (`class UpdateUsersWhenUserChanges extends ReadCopyListener(spec) {}`) and overrides
 * `around` to read before the write or act after it; what `around` answers runs after the commit.
 */
export function ReadCopyListener<T extends EventType, R extends Row, P extends keyof R & string = never>(spec: ReadCopySpec<T, R, P>) {
  const writer = new ReadCopyWriter(spec);
  abstract class ReadCopyListenerOf {
    /** The event's write, and whatever a listener does beside it. */
    protected async around(
      event: EventEnvelope<T>,
      manager: EntityManager,
      write: () => Promise<ReadCopyWrite<Pick<R, P>>>,
    ): Promise<AfterCommit | void> {
      await write();
    }

    static {
      for (const type of new Set([...spec.upsertOn, ...(spec.deleteOn ?? [])])) {
        const name = `on ${type}`;
        const handler = async function (this: ReadCopyListenerOf, event: EventEnvelope<T>, manager: EntityManager) {
          const row = writer.rowOf(event);
          if (row === null) return;
          return this.around(event, manager, () => writer.write(event, row, manager));
        };
        Object.defineProperty(this.prototype, name, { value: handler, writable: true, configurable: true });
        HandleEvent(type)(this.prototype, name, Object.getOwnPropertyDescriptor(this.prototype, name)!);
      }
    }
  }
  return ReadCopyListenerOf;
}
