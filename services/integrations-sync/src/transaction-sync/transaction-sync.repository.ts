import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  SkySlopeFileKind,
  SkySlopeSyncActivity,
  SkySlopeSyncResult,
  TransactionClosed,
  TransactionSnapshot,
  TransactionStatusChanged,
} from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';

export type StoredTransaction = Narrow<
  Pick<TableRow<'integrations_sync.skyslope_transactions'>, 'client_id' | 'team_id' | 'version' | 'complete' | 'row'>,
  { row: TransactionSnapshot }
>;

/** A sync row as `SELECT *` reads it. */
export type SyncRow = Narrow<TableRow<'integrations_sync.skyslope_sync'>, { kind: SkySlopeFileKind; result: SkySlopeSyncResult }>;

/** The team's SkySlope settings as the sync reads them (no keys: those come decrypted from the settings service). */
export type SyncSettings = Narrow<
  Pick<TableRow<'integrations_sync.skyslope_settings'>, 'office_guid' | 'primary_agent_guid' | 'prefs'>,
  { prefs: Record<string, boolean> }
> & {
  has_credentials: boolean;
};

/** integrations-sync's latest transaction rows and their SkySlope sync rows (spec 002 section 2.6). */
@Injectable()
export class TransactionSyncRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Does the team sync at all (saved credentials)? Rows of other teams are not kept: the backfill reads them when the office is chosen. */
  async teamSyncs(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM integrations_sync.skyslope_settings WHERE team_id = $1 AND access_key_encrypted IS NOT NULL`,
      [teamId],
    );
    return rows.length > 0;
  }

  async settings(teamId: number): Promise<SyncSettings | null> {
    const rows: SyncSettings[] = await this.dataSource.query(
      `SELECT office_guid, primary_agent_guid, prefs, access_key_encrypted IS NOT NULL AS has_credentials FROM integrations_sync.skyslope_settings WHERE team_id = $1`,
      [teamId],
    );
    return rows[0] ?? null;
  }

  /** A whole row replaces the stored one unless a newer one is stored (a whole row of the same version replaces a merged one). */
  async storeRow(row: TransactionSnapshot, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO integrations_sync.skyslope_transactions (client_id, team_id, version, complete, row)
       VALUES ($1, $2, $3, true, $4)
       ON CONFLICT (client_id) DO UPDATE SET team_id = EXCLUDED.team_id, version = EXCLUDED.version, complete = true, row = EXCLUDED.row, updated_ts = now()
       WHERE skyslope_transactions.version < EXCLUDED.version OR (skyslope_transactions.version = EXCLUDED.version AND NOT skyslope_transactions.complete)
       RETURNING client_id`,
      [row.client_id, row.team_id, row.version, JSON.stringify(row)],
    );
    return rows.length > 0;
  }

  /** A status change or a closing newer than the stored row: its fields merged in (nothing when no row is stored). */
  async mergeChange(teamId: number, change: TransactionStatusChanged | TransactionClosed, manager: EntityManager): Promise<boolean> {
    const patch: Record<string, unknown> =
      'to_status_id' in change
        ? {
            status_id: change.to_status_id,
            ...Object.fromEntries(Object.entries(change.dates ?? {}).filter(([, value]) => value !== undefined)),
          }
        : {
            primary_agent_id: change.primary_agent_id,
            type: change.type,
            closed_dt: change.closed_dt,
            trans_amt: change.trans_amt,
            gross_commission_amt: change.gross_commission_amt,
          };
    const result: unknown = await manager.query(
      `UPDATE integrations_sync.skyslope_transactions SET row = row || $3::jsonb || jsonb_build_object('version', $2::int), version = $2, complete = false, updated_ts = now()
        WHERE client_id = $1 AND team_id = $4 AND version < $2 RETURNING client_id`,
      [change.client_id, change.version, JSON.stringify(patch), teamId],
    );
    return returnedRows(result).length > 0;
  }

  async storedRow(clientId: number): Promise<StoredTransaction | null> {
    const rows: StoredTransaction[] = await this.dataSource.query(
      `SELECT client_id, team_id, version, complete, row FROM integrations_sync.skyslope_transactions WHERE client_id = $1`,
      [clientId],
    );
    return rows[0] ?? null;
  }

  async syncRow(clientId: number): Promise<SyncRow | null> {
    const rows: SyncRow[] = await this.dataSource.query(`SELECT * FROM integrations_sync.skyslope_sync WHERE client_id = $1`, [clientId]);
    return rows[0] ?? null;
  }

  /** The sync row before a create: kind, the agent, when it started (a retry lists the agent's files since then). */
  async startCreate(teamId: number, clientId: number, kind: SkySlopeFileKind, agentGuid: string): Promise<SyncRow> {
    const rows: SyncRow[] = await this.dataSource.query(
      `INSERT INTO integrations_sync.skyslope_sync (team_id, client_id, kind, result, create_started_ts, create_agent_guid)
       VALUES ($1, $2, $3, 'pending', now(), $4)
       ON CONFLICT (client_id) DO UPDATE SET kind = EXCLUDED.kind, create_started_ts = EXCLUDED.create_started_ts, create_agent_guid = EXCLUDED.create_agent_guid, updated_ts = now()
       RETURNING *`,
      [teamId, clientId, kind, agentGuid],
    );
    return rows[0];
  }

  /** SkySlope's guid, recorded as soon as it is known. */
  async recordGuid(clientId: number, guid: string): Promise<void> {
    await this.dataSource.query(`UPDATE integrations_sync.skyslope_sync SET guid = $2, updated_ts = now() WHERE client_id = $1`, [
      clientId,
      guid,
    ]);
  }

  async recordContactSent(clientId: number, key: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE integrations_sync.skyslope_sync SET contacts_sent = array_append(contacts_sent, $2) WHERE client_id = $1 AND NOT ($2 = ANY(contacts_sent))`,
      [clientId, key],
    );
  }

  async recordSynced(clientId: number, version: number, hash: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE integrations_sync.skyslope_sync SET synced_version = $2, payload_hash = $3, result = 'synced', reason = NULL, last_synced_ts = now(), updated_ts = now()
        WHERE client_id = $1`,
      [clientId, version, hash],
    );
  }

  /** A version with nothing new to send: the row says it is synced up to it, with no call made. */
  async recordUnchanged(clientId: number, version: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE integrations_sync.skyslope_sync SET synced_version = greatest(coalesce(synced_version, 0), $2), result = 'synced', reason = NULL, updated_ts = now() WHERE client_id = $1`,
      [clientId, version],
    );
  }

  /** A result other than synced, with its reason (the row is created when the transaction never had one). */
  async recordResult(
    teamId: number,
    clientId: number,
    kind: SkySlopeFileKind,
    result: SkySlopeSyncResult,
    reason: string | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO integrations_sync.skyslope_sync (team_id, client_id, kind, result, reason) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (client_id) DO UPDATE SET result = EXCLUDED.result, reason = EXCLUDED.reason, updated_ts = now()`,
      [teamId, clientId, kind, result, reason],
    );
  }

  /** The team's transactions whose sync failed (to queue again when the cause may have changed). */
  async failedOf(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<{ client_id: number; version: number }[]> {
    return manager.query(
      `SELECT s.client_id, t.version FROM integrations_sync.skyslope_sync s JOIN integrations_sync.skyslope_transactions t ON t.client_id = s.client_id
        WHERE s.team_id = $1 AND s.result = 'failed' ORDER BY s.client_id`,
      [teamId],
    );
  }

  /** Marks the team's backfill queued; true only the first time. */
  async markBackfillQueued(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const result: unknown = await manager.query(
      `UPDATE integrations_sync.skyslope_settings SET backfill_queued_ts = now() WHERE team_id = $1 AND backfill_queued_ts IS NULL RETURNING team_id`,
      [teamId],
    );
    return returnedRows(result).length > 0;
  }

  /** Sync Activity: the latest result per transaction, newest first. */
  async activity(teamId: number, page: number, perPage: number): Promise<{ total: number; rows: SkySlopeSyncActivity[] }> {
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM integrations_sync.skyslope_sync WHERE team_id = $1`,
      [teamId],
    );
    const rows: SkySlopeSyncActivity[] = await this.dataSource.query(
      `SELECT s.client_id,
              coalesce(nullif(t.row->>'formatted_address', ''), nullif(btrim(coalesce(t.row->>'first_name', '') || ' ' || coalesce(t.row->>'last_name', '')), ''), '#' || s.client_id) AS transaction,
              s.kind, s.guid, to_char(s.last_synced_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_synced_ts, s.result, s.reason, s.synced_version
         FROM integrations_sync.skyslope_sync s LEFT JOIN integrations_sync.skyslope_transactions t ON t.client_id = s.client_id
        WHERE s.team_id = $1 ORDER BY s.updated_ts DESC, s.client_id DESC LIMIT $2 OFFSET $3`,
      [teamId, perPage, (page - 1) * perPage],
    );
    return { total, rows };
  }

  /** The team's sync row of a transaction (another team's: null). */
  async syncRowOfTeam(teamId: number, clientId: number): Promise<(SyncRow & { version: number | null }) | null> {
    const rows: (SyncRow & { version: number | null })[] = await this.dataSource.query(
      `SELECT s.*, t.version FROM integrations_sync.skyslope_sync s LEFT JOIN integrations_sync.skyslope_transactions t ON t.client_id = s.client_id
        WHERE s.team_id = $1 AND s.client_id = $2`,
      [teamId, clientId],
    );
    return rows[0] ?? null;
  }

  /** The team's matched SkySlope guid per agent id. */
  async matchedGuids(teamId: number): Promise<Map<number, string>> {
    const rows: Pick<TableRow<'integrations_sync.matched_users'>, 'agent_id' | 'guid'>[] = await this.dataSource.query(
      `SELECT agent_id, guid FROM integrations_sync.matched_users WHERE team_id = $1`,
      [teamId],
    );
    return new Map(rows.map((row) => [row.agent_id, row.guid]));
  }

  /**
   * Runs `work` holding the transaction's sync lease (one sync of a transaction at a time); null when
   * another holds it. The lease is taken, renewed every leaseMs / 3 and dropped by single statements, so
   * no connection is held while `work` runs its own queries; a dead worker's lease ends after leaseMs.
   */
  async withTransactionLock<T>(clientId: number, work: () => Promise<T>, leaseMs: number): Promise<{ value: T } | null> {
    const holder = randomUUID();
    const taken: unknown[] = await this.dataSource.query(
      `INSERT INTO integrations_sync.sync_leases (client_id, holder, until) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (client_id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until WHERE sync_leases.until < now()
       RETURNING holder`,
      [clientId, holder, leaseMs / 1000],
    );
    if (taken.length === 0) return null;
    const renew = setInterval(
      () => {
        void this.dataSource
          .query(
            `UPDATE integrations_sync.sync_leases SET until = now() + make_interval(secs => $3) WHERE client_id = $1 AND holder = $2`,
            [clientId, holder, leaseMs / 1000],
          )
          .catch(() => undefined);
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    try {
      return { value: await work() };
    } finally {
      clearInterval(renew);
      await this.dataSource
        .query(`DELETE FROM integrations_sync.sync_leases WHERE client_id = $1 AND holder = $2`, [clientId, holder])
        .catch(() => undefined);
    }
  }
}

/** The rows an UPDATE ... RETURNING gave (TypeORM answers [rows, count] for an UPDATE, rows for an INSERT). */
function returnedRows(result: unknown): unknown[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0];
  return Array.isArray(result) ? result : [];
}
