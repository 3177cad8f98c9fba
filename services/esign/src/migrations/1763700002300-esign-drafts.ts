import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Send drafts (spec 002 sections 2.2 and 2.5): what the send stepper builds before a request is sent. Each draft belongs to the user who
 * made it, keeps its own copy of the merged schema (step 2 edits change only it) with the PDFs it was made from,
 * the step 1 fields with the transaction's values, and the stepper's autosaved form state. A sent draft is deleted;
 * updated_ts is indexed so that abandoned drafts can be cleared by age (nothing clears them yet).
 */
export class EsignDrafts1763700002300 implements MigrationInterface {
  name = 'EsignDrafts1763700002300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE esign.drafts (
        draft_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id integer NOT NULL,
        agent_id integer NOT NULL,
        client_id integer NOT NULL,
        template_ids integer[] NOT NULL,
        packet_id integer,
        title text NOT NULL,
        schema jsonb NOT NULL,
        -- The PDFs of the schema's documents in order: {id, name, pages, storage_key, page_sizes, esig_template_id}.
        documents jsonb NOT NULL,
        fields jsonb NOT NULL,
        form_state jsonb,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX drafts_owner_idx ON esign.drafts (team_id, agent_id)`);
    // Clearing old drafts walks them by age.
    await q.query(`CREATE INDEX drafts_updated_idx ON esign.drafts (updated_ts)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE esign.drafts`);
  }
}
