import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue as this migration created it, frozen: NOTIFICATION_CATALOGUE in libs/contracts is the
 * living list, and a later addition to it comes with a migration of its own.
 */
const CATALOGUE_AT_120: readonly { notification_id: number; code: string; name: string }[] = [
  { notification_id: 1, code: 'task_assigned', name: 'New task assigned to me' },
  { notification_id: 2, code: 'task_due', name: 'Task due today' },
  { notification_id: 3, code: 'task_overdue', name: 'Task overdue' },
  { notification_id: 4, code: 'comment_mention', name: 'Mentioned in a comment' },
  { notification_id: 5, code: 'direct_message', name: 'New direct message' },
  { notification_id: 6, code: 'document_uploaded', name: 'Document uploaded to my transaction' },
  { notification_id: 7, code: 'esign_completed', name: 'E-sign request completed' },
  { notification_id: 8, code: 'esign_declined', name: 'E-sign request declined' },
  { notification_id: 9, code: 'transaction_status_changed', name: 'Transaction status changed' },
  { notification_id: 10, code: 'contact_assigned', name: 'New contact assigned to me' },
  { notification_id: 11, code: 'daily_digest', name: 'Daily digest email' },
];

export class IdentityAccountSettings1763700000120 implements MigrationInterface {
  name = 'IdentityAccountSettings1763700000120';

  async up(q: QueryRunner): Promise<void> {
    // Integrations section of the profile (teams with transaction_sync).
    await q.query(`ALTER TABLE identity.users ADD COLUMN skyslope_agent_guid text`);

    // Account Settings; default_landing_page stays on users (the profile carries it too).
    await q.query(`
      CREATE TABLE identity.user_defaults (
        agent_id integer PRIMARY KEY REFERENCES identity.users(agent_id) ON DELETE CASCADE,
        default_scope text,
        default_form integer CHECK (default_form > 0),
        default_buyer_form integer CHECK (default_buyer_form > 0),
        default_seller_form integer CHECK (default_seller_form > 0),
        default_transaction_page_form integer CHECK (default_transaction_page_form > 0),
        ui_scale text NOT NULL DEFAULT 'ui-default' CHECK (ui_scale IN ('ui-small','ui-compact','ui-default','ui-large')),
        ui_font_weight text NOT NULL DEFAULT 'fw-400' CHECK (ui_font_weight IN ('fw-400','fw-600','fw-700')),
        dark_mode boolean NOT NULL DEFAULT false,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE identity.notifications (
        notification_id integer PRIMARY KEY,
        code text NOT NULL UNIQUE,
        name text NOT NULL,
        sort integer NOT NULL
      )`);
    for (const [index, n] of CATALOGUE_AT_120.entries()) {
      await q.query(`INSERT INTO identity.notifications (notification_id, code, name, sort) VALUES ($1, $2, $3, $4)`, [
        n.notification_id,
        n.code,
        n.name,
        (index + 1) * 10,
      ]);
    }
    // A missing row means enabled (the default).
    await q.query(`
      CREATE TABLE identity.user_notification_settings (
        agent_id integer NOT NULL REFERENCES identity.users(agent_id) ON DELETE CASCADE,
        notification_id integer NOT NULL REFERENCES identity.notifications(notification_id),
        enabled boolean NOT NULL,
        updated_ts timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (agent_id, notification_id)
      )`);
    // Fed by the administration issue (team-admin.notification-settings.changed): the team's forced value.
    await q.query(`
      CREATE TABLE identity.team_notification_overrides (
        team_id integer NOT NULL REFERENCES identity.teams(team_id) ON DELETE CASCADE,
        notification_id integer NOT NULL REFERENCES identity.notifications(notification_id),
        enabled boolean NOT NULL DEFAULT false,
        created_ts timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, notification_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.team_notification_overrides`);
    await q.query(`DROP TABLE identity.user_notification_settings`);
    await q.query(`DROP TABLE identity.notifications`);
    await q.query(`DROP TABLE identity.user_defaults`);
    await q.query(`ALTER TABLE identity.users DROP COLUMN skyslope_agent_guid`);
  }
}
