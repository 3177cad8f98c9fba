import type { DataSource } from 'typeorm';
import type { DB, TableRow } from '@app/database';

/** Whose key it is and for which operation: the row's primary key. */
export interface IdempotencyScope {
  teamId: number;
  agentId: number;
  /** METHOD and route path ('POST /api/transaction/:client_id/documents/confirm'). */
  operation: string;
  key: string;
}

export interface IdempotencyRecord {
  fingerprint: string;
  owner: string;
  /** null while the first run is still under way. */
  statusCode: number | null;
  /** The stored answer's body (undefined: the answer had none). */
  body: unknown;
  /** Milliseconds since the row was written, by the database's clock (one clock for every replica). */
  ageMs: number;
}

/** What the idempotency rules need of storage (IdempotencyKeysRepository; a fake in the unit test). */
export interface IdempotencyStore {
  /** Inserts a pending row owned by `owner`; false when the scope already has one. */
  claim(scope: IdempotencyScope, fingerprint: string, owner: string): Promise<boolean>;
  find(scope: IdempotencyScope): Promise<IdempotencyRecord | null>;
  /** Makes the row a new pending run of `owner` if `previousOwner` still holds it (an expired row, a dead run). */
  replace(scope: IdempotencyScope, previousOwner: string, fingerprint: string, owner: string): Promise<boolean>;
  /** Stores the answer of `owner`'s run. */
  complete(scope: IdempotencyScope, owner: string, statusCode: number, body: unknown): Promise<boolean>;
  /** Removes `owner`'s pending row (its run failed), so that a retry runs again. */
  release(scope: IdempotencyScope, owner: string): Promise<void>;
  /** Deletes up to `limit` rows older than `ttlMs`, oldest first; answers how many. */
  purgeExpired(ttlMs: number, limit: number): Promise<number>;
}

/** Every service's schema has the same idempotency_keys table (IdempotencyKeys1763700003000): a row of any of them. */
type KeyRow = TableRow<Extract<keyof DB, `${string}.idempotency_keys`>>;

type Row = Pick<KeyRow, 'fingerprint' | 'owner' | 'status_code' | 'response_body'> & { has_body: boolean; age_ms: number };

/**
 * The idempotency_keys table of the service's schema (IdempotencyKeys1763700003000). Each method is one
 * short statement on the DataSource's pool (one row by primary key, or a bounded batch): no connection
 * is held while the request's handler runs.
 */
export class IdempotencyKeysRepository implements IdempotencyStore {
  private readonly table: string;

  constructor(private readonly dataSource: DataSource) {
    const schema = (dataSource.options as { schema?: string }).schema ?? 'public';
    this.table = `"${schema}".idempotency_keys`;
  }

  private static key(scope: IdempotencyScope): unknown[] {
    return [scope.teamId, scope.agentId, scope.operation, scope.key];
  }

  private static readonly WHERE_KEY = 'team_id = $1 AND agent_id = $2 AND operation = $3 AND idempotency_key = $4';

  async claim(scope: IdempotencyScope, fingerprint: string, owner: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO ${this.table} (team_id, agent_id, operation, idempotency_key, fingerprint, owner)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1 AS claimed`,
      [...IdempotencyKeysRepository.key(scope), fingerprint, owner],
    );
    return rows.length === 1;
  }

  async find(scope: IdempotencyScope): Promise<IdempotencyRecord | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT fingerprint, owner, status_code, response_body, response_body IS NOT NULL AS has_body,
              (extract(epoch FROM now() - created_at) * 1000)::float8 AS age_ms
         FROM ${this.table} WHERE ${IdempotencyKeysRepository.WHERE_KEY}`,
      IdempotencyKeysRepository.key(scope),
    );
    const row = rows[0];
    if (!row) return null;
    return {
      fingerprint: row.fingerprint,
      owner: row.owner,
      statusCode: row.status_code,
      body: row.has_body ? row.response_body : undefined,
      ageMs: Number(row.age_ms),
    };
  }

  async replace(scope: IdempotencyScope, previousOwner: string, fingerprint: string, owner: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE ${this.table}
          SET fingerprint = $5, owner = $6, status_code = NULL, response_body = NULL, created_at = now(), completed_at = NULL
        WHERE ${IdempotencyKeysRepository.WHERE_KEY} AND owner = $7
        RETURNING 1 AS replaced`,
      [...IdempotencyKeysRepository.key(scope), fingerprint, owner, previousOwner],
    );
    return rowCount(rows) === 1;
  }

  async complete(scope: IdempotencyScope, owner: string, statusCode: number, body: unknown): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE ${this.table} SET status_code = $6, response_body = $7::json, completed_at = now()
        WHERE ${IdempotencyKeysRepository.WHERE_KEY} AND owner = $5 AND status_code IS NULL
        RETURNING 1 AS completed`,
      // The answer's own JSON text: json keeps it as written, so the replay serialises the same.
      [...IdempotencyKeysRepository.key(scope), owner, statusCode, body === undefined ? null : JSON.stringify(body)],
    );
    return rowCount(rows) === 1;
  }

  async release(scope: IdempotencyScope, owner: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM ${this.table} WHERE ${IdempotencyKeysRepository.WHERE_KEY} AND owner = $5 AND status_code IS NULL`,
      [...IdempotencyKeysRepository.key(scope), owner],
    );
  }

  async purgeExpired(ttlMs: number, limit: number): Promise<number> {
    // Along idempotency_keys_created_idx, a bounded batch; SKIP LOCKED: replicas sweeping at once share the work.
    const rows: unknown[] = await this.dataSource.query(
      `DELETE FROM ${this.table} WHERE ctid = ANY (ARRAY(
         SELECT ctid FROM ${this.table} WHERE created_at < now() - make_interval(secs => $1 / 1000.0)
          ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED))
       RETURNING 1 AS purged`,
      [ttlMs, limit],
    );
    return rowCount(rows);
  }
}

/** TypeORM's postgres driver answers an UPDATE/DELETE ... RETURNING as [rows, count]; an INSERT as rows. */
function rowCount(result: unknown[]): number {
  if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[1];
  return result.length;
}
