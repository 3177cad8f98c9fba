import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { TransactionSide } from '@app/contracts';
import { SYSTEM_FIELDS } from './system-fields';

/** A transaction's values as the e-sign prefill reads them. */
export interface EsignTransactionValues {
  type: TransactionSide;
  /** Each system field's column by field_key (dates 'YYYY-MM-DD', amounts and percents numbers). */
  columns: Record<string, unknown>;
  custom_values: Record<string, unknown>;
  /** Labels of the id selects (lead types, appointment setter). */
  lead_type_label: string | null;
  original_lead_type_label: string | null;
  appt_set_by_name: string | null;
}

// The system fields' columns as one JSON object (jsonb writes dates as 'YYYY-MM-DD' and numerics as numbers).
const COLUMNS_JSON = `jsonb_build_object(${SYSTEM_FIELDS.map((field) => `'${field.field_key}', t.${field.column}`).join(', ')})`;

/** The reads behind transactions.esign.field-values. */
@Injectable()
export class EsignFieldValuesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's transaction (another team's or none: null). */
  async values(teamId: number, clientId: number): Promise<EsignTransactionValues | null> {
    const rows: EsignTransactionValues[] = await this.dataSource.query(
      `SELECT t.type, ${COLUMNS_JSON} AS columns, t.custom_values,
              (SELECT lt.label FROM transactions.lead_types lt WHERE lt.lead_type_id = t.lead_type_id) AS lead_type_label,
              (SELECT lt.label FROM transactions.lead_types lt WHERE lt.lead_type_id = t.original_lead_type_id) AS original_lead_type_label,
              (SELECT btrim(a.first_name || ' ' || a.last_name) FROM transactions.agents a WHERE a.agent_id = t.appt_set_by_agent_id) AS appt_set_by_name
         FROM transactions.transactions t WHERE t.client_id = $1 AND t.team_id = $2`,
      [clientId, teamId],
    );
    return rows[0] ?? null;
  }
}
