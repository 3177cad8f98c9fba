import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User administration (spec 000 sections 3 and 6): the user form's fields, licences and e-sign seats,
 * and the indexes of the admin user list (always within one team).
 */
export class IdentityUserAdministration1763700000130 implements MigrationInterface {
  name = 'IdentityUserAdministration1763700000130';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE identity.users
        ADD COLUMN start_dt date,
        ADD COLUMN can_download boolean NOT NULL DEFAULT true,
        ADD COLUMN can_download_activities boolean NOT NULL DEFAULT false,
        ADD COLUMN esign_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN manage_billing boolean NOT NULL DEFAULT false,
        ADD COLUMN agent_trans_fee_amt numeric(12,2),
        ADD COLUMN agent_monthly_fee_amt numeric(12,2),
        ADD COLUMN lic_nbr text,
        ADD COLUMN pid text,
        ADD COLUMN career_path text,
        ADD COLUMN lead_source text,
        ADD COLUMN default_buyer_commission_templates integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN default_seller_commission_templates integer[] NOT NULL DEFAULT '{}',
        ADD COLUMN client_count integer NOT NULL DEFAULT 0 CHECK (client_count >= 0)`);
    // client_count: the user's contacts; fed from the transactions service's contact events once
    // contacts exist (transactions issue). Until then every user shows 0.
    await q.query(
      `COMMENT ON COLUMN identity.users.client_count IS 'Contacts of the user; fed by the contacts events of the transactions service (0 until then)'`,
    );

    // status_filter=excluded (any status) within a team; users_team_status_idx serves active/disabled.
    await q.query(`CREATE INDEX users_team_excluded_idx ON identity.users (team_id, leader_board_exclude)`);
    // The list's default order (status active, roles descending, then last and first name) read straight
    // from the index, without a sort. The rank expression must stay identical to the repository's ORDER BY.
    await q.query(`
      CREATE INDEX users_admin_list_idx ON identity.users (
        team_id,
        status,
        (CASE roles[1] WHEN 'ADMIN' THEN 5 WHEN 'TRANC' THEN 4 WHEN 'ISISA' THEN 3 WHEN 'AGENT' THEN 2 WHEN 'VENDOR' THEN 1 ELSE 0 END) DESC,
        lower(last_name),
        lower(first_name),
        agent_id
      )`);
    // No trigram index for quick search: the team_id predicate narrows the scan to one team's users
    // (hundreds at most), and pg_trgm would need an extension the production role may not create.
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX identity.users_admin_list_idx`);
    await q.query(`DROP INDEX identity.users_team_excluded_idx`);
    await q.query(`
      ALTER TABLE identity.users
        DROP COLUMN start_dt,
        DROP COLUMN can_download,
        DROP COLUMN can_download_activities,
        DROP COLUMN esign_enabled,
        DROP COLUMN manage_billing,
        DROP COLUMN agent_trans_fee_amt,
        DROP COLUMN agent_monthly_fee_amt,
        DROP COLUMN lic_nbr,
        DROP COLUMN pid,
        DROP COLUMN career_path,
        DROP COLUMN lead_source,
        DROP COLUMN default_buyer_commission_templates,
        DROP COLUMN default_seller_commission_templates,
        DROP COLUMN client_count`);
  }
}
