import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EsignFormState, EsignSendField, EsignTemplateSchema } from '@app/contracts';
import type { ColumnOf, Narrow, TableRow } from '@app/database';
import type { RequestDocumentSource } from '../requests/request-schema';
import { returnedRows } from '../templates/templates.repository';

const DRAFT_COLUMN_NAMES = [
  'draft_id',
  'team_id',
  'agent_id',
  'client_id',
  'template_ids',
  'packet_id',
  'title',
  'schema',
  'documents',
  'fields',
  'form_state',
  'created_ts',
  'updated_ts',
  // Set when a request was sent from it (in the request's database transaction), with that request's id.
  'sent_ts',
  'esig_request_id',
] as const satisfies readonly ColumnOf<'esign.drafts'>[];

export type DraftRow = Narrow<
  Pick<TableRow<'esign.drafts'>, (typeof DRAFT_COLUMN_NAMES)[number]>,
  { schema: EsignTemplateSchema; documents: RequestDocumentSource[]; fields: EsignSendField[]; form_state: EsignFormState | null }
>;

export type NewDraft = Omit<DraftRow, 'draft_id' | 'form_state' | 'created_ts' | 'updated_ts' | 'sent_ts' | 'esig_request_id'>;

/** What marking a draft sent found: marked now, sent before (by another send), or not the owner's draft (or gone). */
export type DraftSendMark = 'marked' | 'already-sent' | 'not-found';

const DRAFT_COLUMNS = DRAFT_COLUMN_NAMES.join(', ');
// Millisecond timestamps: what the answers carry is what is stored.
const NOW = `date_trunc('milliseconds', clock_timestamp())`;

/** Send drafts: every query of the drafts feature. A draft is only ever read or changed through its owner. */
@Injectable()
export class DraftsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(draft: NewDraft): Promise<DraftRow> {
    const rows: DraftRow[] = await this.dataSource.query(
      `INSERT INTO esign.drafts (team_id, agent_id, client_id, template_ids, packet_id, title, schema, documents, fields, created_ts, updated_ts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, ${NOW}, ${NOW})
       RETURNING ${DRAFT_COLUMNS}`,
      [
        draft.team_id,
        draft.agent_id,
        draft.client_id,
        draft.template_ids,
        draft.packet_id,
        draft.title,
        JSON.stringify(draft.schema),
        JSON.stringify(draft.documents),
        JSON.stringify(draft.fields),
      ],
    );
    return rows[0];
  }

  /** The owner's draft, sent or not (anyone else's, another team's included: null). */
  async own(teamId: number, agentId: number, draftId: string, manager?: EntityManager): Promise<DraftRow | null> {
    const rows: DraftRow[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${DRAFT_COLUMNS} FROM esign.drafts WHERE draft_id = $1 AND team_id = $2 AND agent_id = $3`,
      [draftId, teamId, agentId],
    );
    return rows[0] ?? null;
  }

  /** The stepper's autosave; null when the draft is not the owner's, is gone or was sent. */
  async saveFormState(teamId: number, agentId: number, draftId: string, state: EsignFormState): Promise<Date | null> {
    const rows: Pick<TableRow<'esign.drafts'>, 'updated_ts'>[] = await this.dataSource.query(
      `UPDATE esign.drafts SET form_state = $4, updated_ts = ${NOW} WHERE draft_id = $1 AND team_id = $2 AND agent_id = $3 AND sent_ts IS NULL RETURNING updated_ts`,
      [draftId, teamId, agentId, JSON.stringify(state)],
    );
    return (returnedRows(rows) as { updated_ts: Date }[])[0]?.updated_ts ?? null;
  }

  /** Step 2's edits of the draft's own schema copy, with the step 1 fields built from it (null: not the owner's, gone or sent). */
  async saveSchema(
    teamId: number,
    agentId: number,
    draftId: string,
    schema: EsignTemplateSchema,
    fields: EsignSendField[],
  ): Promise<DraftRow | null> {
    const rows: DraftRow[] = await this.dataSource.query(
      `UPDATE esign.drafts SET schema = $4, fields = $5, updated_ts = ${NOW} WHERE draft_id = $1 AND team_id = $2 AND agent_id = $3 AND sent_ts IS NULL RETURNING ${DRAFT_COLUMNS}`,
      [draftId, teamId, agentId, JSON.stringify(schema), JSON.stringify(fields)],
    );
    return (returnedRows(rows) as DraftRow[])[0] ?? null;
  }

  /**
   * Marks the owner's draft sent as `requestId`, inside the sending transaction. A second send of the same draft waits
   * on the row's lock until the first commits, then finds it sent ('already-sent'); if the first rolled back, the
   * draft is still unsent and the second marks it.
   */
  async markSent(manager: EntityManager, teamId: number, agentId: number, draftId: string, requestId: number): Promise<DraftSendMark> {
    const marked = await manager.query(
      `UPDATE esign.drafts SET sent_ts = ${NOW}, esig_request_id = $4 WHERE draft_id = $1 AND team_id = $2 AND agent_id = $3 AND sent_ts IS NULL RETURNING draft_id`,
      [draftId, teamId, agentId, requestId],
    );
    if (returnedRows(marked).length > 0) return 'marked';
    return (await this.own(teamId, agentId, draftId, manager)) ? 'already-sent' : 'not-found';
  }

  /**
   * Deletes at most `limit` unsent drafts not updated for `days` days; answers how many. One statement: the rows it
   * takes are locked, and a draft being saved or sent right now (locked) is skipped, to be looked at next time.
   */
  async deleteAbandoned(days: number, limit: number): Promise<number> {
    return this.deleteOldest(`sent_ts IS NULL AND updated_ts < now() - make_interval(days => $1)`, 'updated_ts', [days, limit]);
  }

  /** Deletes at most `limit` drafts sent more than `hours` hours ago (kept that long so a repeated send answers 409); answers how many. */
  async deleteSent(hours: number, limit: number): Promise<number> {
    return this.deleteOldest(`sent_ts IS NOT NULL AND sent_ts < now() - make_interval(hours => $1)`, 'sent_ts', [hours, limit]);
  }

  /** One batch, oldest first, along the partial index of `where` (drafts_unsent_updated_idx, drafts_sent_idx). */
  private async deleteOldest(where: string, by: 'updated_ts' | 'sent_ts', params: [age: number, limit: number]): Promise<number> {
    const rows: { removed: number }[] = await this.dataSource.query(
      `WITH removed AS (
         DELETE FROM esign.drafts WHERE draft_id IN (SELECT draft_id FROM esign.drafts WHERE ${where} ORDER BY ${by} LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING 1
       )
       SELECT count(*)::int AS removed FROM removed`,
      params,
    );
    return rows[0].removed;
  }
}
