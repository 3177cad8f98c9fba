import type { MigrationInterface, QueryRunner } from 'typeorm';
import { NOTIFICATION_CATALOGUE } from '@app/contracts';


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
    for (const [index, n] of NOTIFICATION_CATALOGUE.entries()) {
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
