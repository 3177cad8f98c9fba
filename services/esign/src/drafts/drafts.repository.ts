import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EsignFormState, EsignSendField, EsignTemplateSchema } from '@app/contracts';
import type { RequestDocumentSource } from '../requests/request-schema';
import { returnedRows } from '../templates/templates.repository';

export interface DraftRow {
  draft_id: string;
  team_id: number;
  agent_id: number;
  client_id: number;
  template_ids: number[];
  packet_id: number | null;
  title: string;
  schema: EsignTemplateSchema;
  documents: RequestDocumentSource[];
  fields: EsignSendField[];
  form_state: EsignFormState | null;
  created_ts: Date;
  updated_ts: Date;
}

export type NewDraft = Omit<DraftRow, 'draft_id' | 'form_state' | 'created_ts' | 'updated_ts'>;

const DRAFT_COLUMNS = `draft_id, team_id, agent_id, client_id, template_ids, packet_id, title, schema, documents, fields, form_state, created_ts, updated_ts`;
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

  /** The owner's draft (anyone else's, another team's included: null). */
  async own(teamId: number, agentId: number, draftId: string, manager?: EntityManager): Promise<DraftRow | null> {
    const rows: DraftRow[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${DRAFT_COLUMNS} FROM esign.drafts WHERE draft_id = $1 AND team_id = $2 AND agent_id = $3`,
      [draftId, teamId, agentId],
    );
    return rows[0] ?? null;
  }

  /** The stepper's autosave; null when the draft is not the owner's (or gone). */
  async saveFormState(teamId: number, agentId: number, draftId: string, state: EsignFormState): Promise<Date | null> {
    const rows: { updated_ts: Date }[] = await this.dataSource.query(
      `UPDATE esign.drafts SET form_state = $4, updated_ts = ${NOW} WHERE draft_id = $1 AND team_id = $2 AND agent_id = $3 RETURNING updated_ts`,
      [draftId, teamId, agentId, JSON.stringify(state)],
    );
    return (returnedRows(rows) as { updated_ts: Date }[])[0]?.updated_ts ?? null;
  }

  /** Step 2's edits of the draft's own schema copy, with the step 1 fields built from it. */
  async saveSchema(teamId: number, agentId: number, draftId: string, schema: EsignTemplateSchema, fields: EsignSendField[]): Promise<DraftRow | null> {
    const rows: DraftRow[] = await this.dataSource.query(
      `UPDATE esign.drafts SET schema = $4, fields = $5, updated_ts = ${NOW} WHERE draft_id = $1 AND team_id = $2 AND agent_id = $3 RETURNING ${DRAFT_COLUMNS}`,
      [draftId, teamId, agentId, JSON.stringify(schema), JSON.stringify(fields)],
    );
    return (returnedRows(rows) as DraftRow[])[0] ?? null;
  }

  /** Deletes the owner's draft inside the sending transaction; false when it is already gone (sent elsewhere). */
  async remove(manager: EntityManager, teamId: number, agentId: number, draftId: string): Promise<boolean> {
    const rows = await manager.query(`DELETE FROM esign.drafts WHERE draft_id = $1 AND team_id = $2 AND agent_id = $3 RETURNING draft_id`, [draftId, teamId, agentId]);
    return returnedRows(rows).length > 0;
  }
}
