import type { EntityManager } from 'typeorm';
import type { EventEnvelope, EventType } from '@app/contracts';
import { HandleEvent } from './handle-event.decorator';

type Item = Record<string, unknown>;

/** One event's list: whose it is, its revision, and its items (each as the copy's columns). */
export interface CopiedList<I extends Item> {
  scope: number;
  revision: number;
  items: readonly I[];
}

/**
 * How a service keeps its copy of a list another service publishes whole with a revision (a team's document
 * folders, say): the list replaces the scope's rows unless the stored revision is as new or newer (a late, older
 * one is dropped). The consumer has already recorded the event in the inbox in the same transaction.
 */
export interface ReadListCopySpec<T extends EventType, I extends Item> {
  /** The copy's table, schema-qualified: one row per item, with the scope and the item's place. */
  table: string;
  on: readonly T[];
  /** The event's list; null: the event writes nothing. */
  list: (event: EventEnvelope<T>) => CopiedList<I> | null;
  /** The scope's column (in `table` and in the revisions table). */
  scope: string;
  /** The column that keeps the item's place in the list (from 1). */
  order: string;
  /** Each item column's SQL type. */
  columns: { readonly [C in keyof I & string]: 'int' | 'text' | 'boolean' };
  /** Where each scope's newest applied revision is kept (one row per scope, its own column per list). */
  revisions: { table: string; column: string };
}

/** Builds and runs a list copy's statements; every query goes through the manager it is handed. */
export class ReadListCopyWriter<T extends EventType, I extends Item> {
  private readonly bump: string;
  private readonly clear: string;
  private readonly insert: string;

  constructor(spec: ReadListCopySpec<T, I>) {
    const { table, scope, order, columns, revisions } = spec;
    const names = Object.keys(columns) as (keyof I & string)[];
    this.bump =
      `INSERT INTO ${revisions.table} (${scope}, ${revisions.column}) VALUES ($1, $2) ` +
      `ON CONFLICT (${scope}) DO UPDATE SET ${revisions.column} = EXCLUDED.${revisions.column} ` +
      `WHERE ${revisions.table}.${revisions.column} < EXCLUDED.${revisions.column} RETURNING ${scope}`;
    this.clear = `DELETE FROM ${table} WHERE ${scope} = $1`;
    this.insert =
      `INSERT INTO ${table} (${scope}, ${names.join(', ')}, ${order}) ` +
      `SELECT $1, ${names.map((name) => `(e.item->>'${name}')::${columns[name]}`).join(', ')}, e.ord ` +
      `FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(item, ord)`;
  }

  /** Replaces the scope's rows unless the stored revision is as new or newer; answers whether it did. */
  async replace(list: CopiedList<I>, manager: EntityManager): Promise<boolean> {
    const bumped: unknown[] = await manager.query(this.bump, [list.scope, list.revision]);
    if (!bumped.length) return false;
    await manager.query(this.clear, [list.scope]);
    await manager.query(this.insert, [list.scope, JSON.stringify(list.items)]);
    return true;
  }
}

/** The listener of a list copy: one handler per event of the spec, each replacing the event's list. */
export function ReadListCopyListener<T extends EventType, I extends Item>(spec: ReadListCopySpec<T, I>) {
  const writer = new ReadListCopyWriter(spec);
  abstract class ReadListCopyListenerOf {
    static {
      for (const type of new Set(spec.on)) {
        const name = `on ${type}`;
        const handler = async (event: EventEnvelope<T>, manager: EntityManager) => {
          const list = spec.list(event);
          if (list) await writer.replace(list, manager);
        };
        Object.defineProperty(this.prototype, name, { value: handler, writable: true, configurable: true });
        HandleEvent(type)(this.prototype, name, Object.getOwnPropertyDescriptor(this.prototype, name)!);
      }
    }
  }
  return ReadListCopyListenerOf;
}
