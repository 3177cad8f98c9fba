import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { VendorInviteRecord, VendorInviteStatus, VendorType } from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';

/** An invite row as the rules need it. */
export type VendorInviteRow = Narrow<
  Pick<
    TableRow<'identity.vendor_invites'>,
    'invite_id' | 'team_id' | 'email' | 'name' | 'vendor_type' | 'expires_at' | 'used_ts' | 'revoked_ts'
  >,
  { vendor_type: VendorType | null }
> & { team_name: TableRow<'identity.teams'>['name'] };

export type NewVendorOrganisation = Narrow<
  Pick<
    TableRow<'identity.vendor_organisations'>,
    'team_id' | 'name' | 'vendor_type' | 'address_1' | 'address_2' | 'city' | 'state' | 'postal_code'
  >,
  { vendor_type: VendorType | null }
>;

// One status rule for the list and the checks: revoked, used, expired, else pending.
const STATUS_SQL = `CASE WHEN i.revoked_ts IS NOT NULL THEN 'revoked' WHEN i.used_ts IS NOT NULL THEN 'used'
                         WHEN i.expires_at <= now() THEN 'expired' ELSE 'pending' END`;

/** The invite's status by the same rule as the list's (revoked, used, expired, else pending). */
export function inviteStatusOf(
  invite: Pick<VendorInviteRow, 'revoked_ts' | 'used_ts' | 'expires_at'>,
  now = new Date(),
): VendorInviteStatus {
  if (invite.revoked_ts) return 'revoked';
  if (invite.used_ts) return 'used';
  if (invite.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

/** Vendor invites and organisations (identity.vendor_invites, identity.vendor_organisations). */
@Injectable()
export class VendorEnrollmentRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insertInvite(
    invite: {
      team_id: number;
      token_hash: string;
      email: string | null;
      name: string | null;
      vendor_type: VendorType | null;
      created_by_agent_id: number | null;
      ttl_days: number;
      seeded?: boolean;
    },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Pick<TableRow<'identity.vendor_invites'>, 'invite_id' | 'expires_at'>> {
    const [row] = await manager.query(
      `INSERT INTO identity.vendor_invites (team_id, token_hash, email, name, vendor_type, created_by_agent_id, expires_at, seeded)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7), $8)
       RETURNING invite_id, expires_at`,
      [
        invite.team_id,
        invite.token_hash,
        invite.email,
        invite.name,
        invite.vendor_type,
        invite.created_by_agent_id,
        invite.ttl_days,
        invite.seeded ?? false,
      ],
    );
    return row;
  }

  /** The newest invite with this token hash (with its team's name); locked when a manager is given. */
  async inviteByHash(tokenHash: string, manager?: EntityManager): Promise<VendorInviteRow | null> {
    const [row] = await (manager ?? this.dataSource.manager).query(
      `SELECT i.invite_id, i.team_id, t.name AS team_name, i.email, i.name, i.vendor_type, i.expires_at, i.used_ts, i.revoked_ts
         FROM identity.vendor_invites i JOIN identity.teams t ON t.team_id = i.team_id
        WHERE i.token_hash = $1
        ORDER BY i.invite_id DESC LIMIT 1
        ${manager ? 'FOR UPDATE OF i' : ''}`,
      [tokenHash],
    );
    return row ?? null;
  }

  /** An invite of the team, by id or token hash, locked. */
  async inviteOfTeam(
    teamId: number,
    ref: { invite_id?: number; token_hash?: string },
    manager: EntityManager,
  ): Promise<VendorInviteRow | null> {
    const [row] = await manager.query(
      `SELECT i.invite_id, i.team_id, t.name AS team_name, i.email, i.name, i.vendor_type, i.expires_at, i.used_ts, i.revoked_ts
         FROM identity.vendor_invites i JOIN identity.teams t ON t.team_id = i.team_id
        WHERE i.team_id = $1 AND ($2::int IS NULL OR i.invite_id = $2) AND ($3::text IS NULL OR i.token_hash = $3)
        ORDER BY i.invite_id DESC LIMIT 1
        FOR UPDATE OF i`,
      [teamId, ref.invite_id ?? null, ref.token_hash ?? null],
    );
    return row ?? null;
  }

  async revoke(inviteId: number, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE identity.vendor_invites SET revoked_ts = now() WHERE invite_id = $1 AND revoked_ts IS NULL`, [inviteId]);
  }

  async markUsed(inviteId: number, vendorId: number, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE identity.vendor_invites SET used_ts = now(), vendor_id = $2 WHERE invite_id = $1`, [inviteId, vendorId]);
  }

  async insertOrganisation(
    vendor: NewVendorOrganisation,
    manager: EntityManager,
  ): Promise<Pick<TableRow<'identity.vendor_organisations'>, 'vendor_id' | 'logo_path'>> {
    const [row] = await manager.query(
      `INSERT INTO identity.vendor_organisations (team_id, name, vendor_type, address_1, address_2, city, state, postal_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING vendor_id, logo_path`,
      [vendor.team_id, vendor.name, vendor.vendor_type, vendor.address_1, vendor.address_2, vendor.city, vendor.state, vendor.postal_code],
    );
    return row;
  }

  /** The team's invites, newest first (optionally of one status). */
  async list(teamId: number, status?: VendorInviteStatus, limit = 500): Promise<VendorInviteRecord[]> {
    const rows: (Omit<VendorInviteRecord, 'created_ts' | 'expires_at' | 'used_ts' | 'revoked_ts'> & {
      created_ts: Date;
      expires_at: Date;
      used_ts: Date | null;
      revoked_ts: Date | null;
    })[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT i.invite_id, i.email, i.name, i.vendor_type, ${STATUS_SQL} AS status, i.created_ts, i.expires_at, i.used_ts, i.revoked_ts,
                i.vendor_id, v.name AS vendor_name, NULLIF(concat_ws(' ', u.first_name, u.last_name), '') AS created_by
           FROM identity.vendor_invites i
           LEFT JOIN identity.vendor_organisations v ON v.vendor_id = i.vendor_id
           LEFT JOIN identity.users u ON u.agent_id = i.created_by_agent_id
          WHERE i.team_id = $1) AS invites
        WHERE $2::text IS NULL OR status = $2
        ORDER BY created_ts DESC, invite_id DESC
        LIMIT $3`,
      [teamId, status ?? null, limit],
    );
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return rows.map((r) => ({
      ...r,
      created_ts: r.created_ts.toISOString(),
      expires_at: r.expires_at.toISOString(),
      used_ts: iso(r.used_ts),
      revoked_ts: iso(r.revoked_ts),
    }));
  }
}
