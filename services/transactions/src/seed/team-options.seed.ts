import type { EntityManager } from 'typeorm';
import type { CustomFieldType, StatusCategory, StatusDateField, TransactionSide } from '@app/contracts';

// A seeded team's read-only options. Idempotent: rows are matched by label/key and never changed.

export interface SeedStatus {
  label: string;
  category: StatusCategory;
  color: string;
  font_color: 'dark' | 'light';
  dates: StatusDateField[];
  asks_lost_reason?: boolean;
}

/** In the pipeline's order (the list sorts statuses by id, so they are created in this order). */
export const SEED_STATUSES: readonly SeedStatus[] = [
  { label: 'Pipeline', category: 'pipeline', color: '#9E9E9E', font_color: 'dark', dates: [] },
  { label: 'Appointment Set', category: 'pipeline', color: '#4FC3F7', font_color: 'dark', dates: ['appt_set_dt'] },
  { label: 'Appointment Met', category: 'pipeline', color: '#0288D1', font_color: 'light', dates: ['appt_met_dt'] },
  { label: 'Signed', category: 'active', color: '#7B1FA2', font_color: 'light', dates: ['signed_dt'] },
  { label: 'Under Contract', category: 'active', color: '#F9A825', font_color: 'dark', dates: ['under_contract_dt', 'est_close_dt'] },
  { label: 'Closed', category: 'closed', color: '#2E7D32', font_color: 'light', dates: ['closed_dt'] },
  { label: 'Lost', category: 'lost', color: '#424242', font_color: 'light', dates: ['lost_dt'], asks_lost_reason: true },
];

export const SEED_STAGES: readonly { label: string; color: string; font_color: 'dark' | 'light' }[] = [
  { label: 'New Lead', color: '#E3F2FD', font_color: 'dark' },
  { label: 'Nurture', color: '#FFF3E0', font_color: 'dark' },
  { label: 'Consultation', color: '#E8EAF6', font_color: 'dark' },
  { label: 'Active', color: '#1565C0', font_color: 'light' },
  { label: 'Pending', color: '#EF6C00', font_color: 'light' },
  { label: 'Post-Close', color: '#1B5E20', font_color: 'light' },
  { label: 'Archived', color: '#616161', font_color: 'light' },
];

/** The stages a transaction in each status may be in (the seed keeps stage and status consistent). */
export const STAGES_OF_STATUS: Readonly<Record<string, readonly string[]>> = {
  Pipeline: ['New Lead', 'Nurture'],
  'Appointment Set': ['Nurture', 'Consultation'],
  'Appointment Met': ['Consultation'],
  Signed: ['Active'],
  'Under Contract': ['Pending'],
  Closed: ['Post-Close'],
  Lost: ['Archived'],
};

export const SEED_TAGS: readonly { label: string; border: string }[] = [
  { label: 'Hot', border: '#D32F2F' },
  { label: 'Referral', border: '#7B1FA2' },
  { label: 'Investor', border: '#00796B' },
  { label: 'First-Time Buyer', border: '#1976D2' },
  { label: 'Relocation', border: '#F57C00' },
  { label: 'Luxury', border: '#5D4037' },
  { label: 'VIP', border: '#C2185B' },
  { label: 'Cash', border: '#388E3C' },
];

export const SEED_LEAD_TYPES: readonly { label: string; group: string }[] = [
  { label: 'Zillow', group: 'Online' },
  { label: 'Realtor.com', group: 'Online' },
  { label: 'Website', group: 'Online' },
  { label: 'Past Client', group: 'Referral' },
  { label: 'Sphere', group: 'Referral' },
  { label: 'Agent Referral', group: 'Referral' },
  { label: 'Open House', group: 'Marketing' },
  { label: 'Sign Call', group: 'Marketing' },
  { label: 'Mailer', group: 'Marketing' },
];

export interface SeedCustomField {
  field_key: string;
  label: string;
  type: CustomFieldType;
  options?: string[];
  client_type?: TransactionSide;
  vendor_visible?: boolean;
  required?: boolean;
}

/** The team's 12 custom fields. */
export const SEED_CUSTOM_FIELDS: readonly SeedCustomField[] = [
  { field_key: 'mls_number', label: 'MLS #', type: 'text', vendor_visible: true },
  { field_key: 'loan_type', label: 'Loan Type', type: 'select', options: ['Conventional', 'FHA', 'VA', 'USDA', 'Cash'], client_type: 'b' },
  { field_key: 'lender', label: 'Lender', type: 'text', client_type: 'b', vendor_visible: true },
  { field_key: 'earnest_money', label: 'Earnest Money', type: 'amount' },
  { field_key: 'inspection_dt', label: 'Inspection Date', type: 'date', vendor_visible: true },
  { field_key: 'appraisal_dt', label: 'Appraisal Date', type: 'date', vendor_visible: true },
  { field_key: 'financing_contingency', label: 'Financing Contingency', type: 'yn', client_type: 'b' },
  { field_key: 'square_feet', label: 'Square Feet', type: 'number', vendor_visible: true },
  { field_key: 'referral_pct', label: 'Referral %', type: 'percent' },
  { field_key: 'title_company', label: 'Title Company', type: 'text', vendor_visible: true },
  { field_key: 'listing_link', label: 'Listing Link', type: 'link', client_type: 's' },
  { field_key: 'co_op_agent_email', label: 'Co-op Agent Email', type: 'email' },
];

/** The list form's fields (the list's extra columns), in order. */
export const LIST_FORM_FIELDS: readonly string[] = [
  'trans_amt',
  'gross_commission_amt',
  'est_close_dt',
  'lead_type_id',
  'mls_number',
  'loan_type',
  'inspection_dt',
  'title_company',
];

const CONTACT_AND_ADDRESS = ['first_name', 'last_name', 'email', 'mobile_phone', 'address_1', 'address_2', 'city', 'state', 'postal_code'];
const MONEY = ['trans_amt', 'gci_pct', 'gross_commission_amt'];
const DATES = ['appt_set_dt', 'appt_met_dt', 'signed_dt', 'under_contract_dt', 'est_close_dt', 'closed_dt'];
const LEAD = ['lead_type_id', 'original_lead_type_id', 'lead_type_date', 'appt_set_by_agent_id'];

/** The page form shows everything; the buyer and seller forms their side's fields. */
export const PAGE_FORM_FIELDS: readonly string[] = [
  ...CONTACT_AND_ADDRESS,
  ...MONEY,
  ...DATES,
  'lost_dt',
  'lost_reason',
  ...LEAD,
  ...SEED_CUSTOM_FIELDS.map((f) => f.field_key),
];
const sideFields = (side: TransactionSide) => [
  ...CONTACT_AND_ADDRESS,
  ...MONEY,
  ...DATES,
  ...LEAD,
  ...SEED_CUSTOM_FIELDS.filter((f) => !f.client_type || f.client_type === side).map((f) => f.field_key),
];
export const SIDE_FORM_FIELDS: Readonly<Record<TransactionSide, readonly string[]>> = { b: sideFields('b'), s: sideFields('s') };

/** The ids of a team's options by label (lead types, tags, stages, statuses) after seeding them. */
export interface TeamOptionIds {
  statuses: Map<string, number>;
  stages: Map<string, number>;
  tags: number[];
  leadTypes: number[];
}

const byLabel = (rows: { id: number; label: string }[]) => new Map(rows.map((r) => [r.label, r.id]));

/** Seeds the team's options and every form's field list; returns the option ids and how many rows it added. */
export async function seedTeamOptions(manager: EntityManager, teamId: number): Promise<{ ids: TeamOptionIds; added: number }> {
  let added = 0;
  const count = (rows: unknown[]) => (added += rows.length);
  for (const [sort, s] of SEED_STAGES.entries()) {
    count(
      await manager.query(
        `INSERT INTO transactions.stages (team_id, label, color, font_color, sort) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (team_id, lower(label)) DO NOTHING RETURNING stage_id`,
        [teamId, s.label, s.color, s.font_color, sort * 10],
      ),
    );
  }
  for (const [sort, s] of SEED_STATUSES.entries()) {
    count(
      await manager.query(
        `INSERT INTO transactions.statuses (team_id, label, color, font_color, category, dates, asks_lost_reason, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (team_id, lower(label)) DO NOTHING RETURNING status_id`,
        [teamId, s.label, s.color, s.font_color, s.category, s.dates, s.asks_lost_reason ?? false, sort * 10],
      ),
    );
  }
  for (const t of SEED_TAGS) {
    count(
      await manager.query(
        `INSERT INTO transactions.tags (team_id, label, border) VALUES ($1, $2, $3) ON CONFLICT (team_id, lower(label)) DO NOTHING RETURNING tag_id`,
        [teamId, t.label, t.border],
      ),
    );
  }
  for (const l of SEED_LEAD_TYPES) {
    count(
      await manager.query(
        `INSERT INTO transactions.lead_types (team_id, label, group_name) VALUES ($1, $2, $3) ON CONFLICT (team_id, lower(label)) DO NOTHING RETURNING lead_type_id`,
        [teamId, l.label, l.group],
      ),
    );
  }
  for (const [sort, f] of SEED_CUSTOM_FIELDS.entries()) {
    count(
      await manager.query(
        `INSERT INTO transactions.custom_fields (team_id, field_key, label, type, options, client_type, required, vendor_visible, can_update, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9) ON CONFLICT (team_id, field_key) DO NOTHING RETURNING custom_field_id`,
        [
          teamId,
          f.field_key,
          f.label,
          f.type,
          f.options ?? [],
          f.client_type ?? null,
          f.required ?? false,
          f.vendor_visible ?? false,
          sort * 10,
        ],
      ),
    );
  }
  for (const [purpose, name] of [
    ['list', 'Transaction List'],
    ['page', 'Transaction Page'],
  ] as const) {
    count(
      await manager.query(
        `INSERT INTO transactions.team_forms (team_id, name, client_type_id, edit_only, sort, purpose)
         SELECT $1, $2, NULL, false, 0, $3 WHERE NOT EXISTS (SELECT 1 FROM transactions.team_forms WHERE team_id = $1 AND purpose = $3)
         ON CONFLICT DO NOTHING RETURNING team_form_id`,
        [teamId, name, purpose],
      ),
    );
  }
  // A form without fields gets its list (one that has fields keeps them).
  const forms: { team_form_id: number; purpose: string; client_type_id: TransactionSide | null; n: number }[] = await manager.query(
    `SELECT f.team_form_id, f.purpose, f.client_type_id, (SELECT count(*)::int FROM transactions.team_form_fields ff WHERE ff.team_form_id = f.team_form_id) AS n
       FROM transactions.team_forms f WHERE f.team_id = $1`,
    [teamId],
  );
  for (const form of forms.filter((f) => f.n === 0)) {
    const keys =
      form.purpose === 'list'
        ? LIST_FORM_FIELDS
        : form.purpose === 'page'
          ? PAGE_FORM_FIELDS
          : SIDE_FORM_FIELDS[form.client_type_id ?? 'b'];
    count(
      await manager.query(
        `INSERT INTO transactions.team_form_fields (team_form_id, field_key, sort)
         SELECT $1, key, ord::int * 10 FROM unnest($2::text[]) WITH ORDINALITY AS k(key, ord) RETURNING field_key`,
        [form.team_form_id, keys],
      ),
    );
  }

  const statuses = await manager.query(`SELECT status_id AS id, label FROM transactions.statuses WHERE team_id = $1`, [teamId]);
  const stages = await manager.query(`SELECT stage_id AS id, label FROM transactions.stages WHERE team_id = $1`, [teamId]);
  const tags = await manager.query(`SELECT tag_id AS id FROM transactions.tags WHERE team_id = $1 ORDER BY tag_id`, [teamId]);
  const leadTypes = await manager.query(`SELECT lead_type_id AS id FROM transactions.lead_types WHERE team_id = $1 ORDER BY lead_type_id`, [
    teamId,
  ]);
  return {
    ids: {
      statuses: byLabel(statuses),
      stages: byLabel(stages),
      tags: tags.map((r: { id: number }) => r.id),
      leadTypes: leadTypes.map((r: { id: number }) => r.id),
    },
    added,
  };
}
