import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Narrow, TableRow } from '@app/database';

export type SkySlopeSettingsRow = Narrow<
  Pick<
    TableRow<'integrations_sync.skyslope_settings'>,
    'team_id' | 'access_key_encrypted' | 'access_secret_encrypted' | 'prefs' | 'office_guid' | 'primary_agent_guid'
  >,
  { prefs: Record<string, boolean> }
>;

@Injectable()
export class SkySlopeSettingsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async find(teamId: number): Promise<SkySlopeSettingsRow | null> {
    const rows: SkySlopeSettingsRow[] = await this.dataSource.query(
      `SELECT team_id, access_key_encrypted, access_secret_encrypted, prefs, office_guid, primary_agent_guid FROM integrations_sync.skyslope_settings WHERE team_id = $1`,
      [teamId],
    );
    return rows[0] ?? null;
  }

  /** The credentials (encrypted) and the preferences, in one statement. */
  async saveCredentials(
    teamId: number,
    accessKeyEncrypted: string,
    accessSecretEncrypted: string,
    prefs: Record<string, boolean>,
    agentId: number,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO integrations_sync.skyslope_settings (team_id, access_key_encrypted, access_secret_encrypted, prefs, updated_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (team_id) DO UPDATE SET access_key_encrypted = EXCLUDED.access_key_encrypted, access_secret_encrypted = EXCLUDED.access_secret_encrypted,
         prefs = EXCLUDED.prefs, updated_by = EXCLUDED.updated_by, updated_ts = now()`,
      [teamId, accessKeyEncrypted, accessSecretEncrypted, JSON.stringify(prefs), agentId],
    );
  }

  async setOffice(teamId: number, guid: string, agentId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `UPDATE integrations_sync.skyslope_settings SET office_guid = $2, updated_by = $3, updated_ts = now() WHERE team_id = $1`,
      [teamId, guid, agentId],
    );
  }

  async setPrimaryAgent(
    teamId: number,
    guid: string | null,
    agentId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE integrations_sync.skyslope_settings SET primary_agent_guid = $2, updated_by = $3, updated_ts = now() WHERE team_id = $1`,
      [teamId, guid, agentId],
    );
  }
}
