import type { DataSource, EntityManager } from 'typeorm';
import { TASK_STATUS, type RoadmapTrigger, type TransactionSide } from '@app/contracts';
import { teamTodaySql, type TaskWriter } from '../tasks/task-writer';

type SeedStep = [name: string, trigger: RoadmapTrigger, offsetDays: number, assignee: 'primary_agent' | 'tc', notification?: true];

/** Transactions per database transaction (the bulk call's own limit). */
const SEED_CHUNK = 500;

const STEP_DESCRIPTION = (name: string) => `<p>${name}. Checklist and notes: see the team handbook at www.demo-realty.com.</p>`;

/** Three templates per side, 12 to 25 steps each; N steps are notification tasks. */
const TEMPLATES: readonly { name: string; side: TransactionSide; steps: SeedStep[] }[] = [
  {
    name: 'Buyer Standard',
    side: 'b',
    steps: [
      ['Send buyer welcome email', 'assigned', 0, 'tc', true],
      ['Collect pre-approval letter', 'assigned', 2, 'primary_agent'],
      ['Sign buyer representation agreement', 'signed_dt', 0, 'primary_agent'],
      ['Set up MLS search', 'signed_dt', 1, 'primary_agent'],
      ['Schedule first showings', 'signed_dt', 3, 'primary_agent'],
      ['Send offer strategy notes', 'signed_dt', 7, 'primary_agent', true],
      ['Deliver earnest money', 'under_contract_dt', 2, 'tc'],
      ['Schedule home inspection', 'under_contract_dt', 3, 'tc'],
      ['Order appraisal', 'under_contract_dt', 5, 'tc'],
      ['Review inspection report', 'under_contract_dt', 7, 'primary_agent'],
      ['Send inspection response', 'under_contract_dt', 9, 'primary_agent', true],
      ['Confirm loan commitment', 'est_close_dt', -14, 'tc'],
      ['Order title commitment', 'est_close_dt', -12, 'tc'],
      ['Schedule final walkthrough', 'est_close_dt', -2, 'primary_agent'],
      ['Send closing reminder to buyer', 'est_close_dt', -1, 'tc', true],
      ['Collect closing disclosure', 'est_close_dt', -3, 'tc'],
      ['Send thank-you gift', 'closed_dt', 3, 'primary_agent'],
      ['Request review', 'closed_dt', 10, 'primary_agent', true],
    ],
  },
  {
    name: 'Buyer New Construction',
    side: 'b',
    steps: [
      ['Register buyer with builder', 'assigned', 0, 'primary_agent'],
      ['Review builder contract', 'signed_dt', 2, 'primary_agent'],
      ['Send builder timeline to buyer', 'signed_dt', 4, 'tc', true],
      ['Select lot and options', 'under_contract_dt', 7, 'primary_agent'],
      ['Confirm design center appointment', 'under_contract_dt', 14, 'tc'],
      ['Pre-drywall inspection', 'est_close_dt', -45, 'primary_agent'],
      ['Confirm financing with preferred lender', 'est_close_dt', -30, 'tc'],
      ['Final inspection', 'est_close_dt', -7, 'primary_agent'],
      ['Builder walkthrough', 'est_close_dt', -3, 'primary_agent'],
      ['Send closing details', 'est_close_dt', -2, 'tc', true],
      ['Collect warranty documents', 'closed_dt', 2, 'tc'],
      ['Schedule 11-month warranty reminder', 'closed_dt', 330, 'primary_agent'],
    ],
  },
  {
    name: 'Buyer Cash Purchase',
    side: 'b',
    steps: [
      ['Collect proof of funds', 'assigned', 1, 'tc'],
      ['Sign buyer agreement', 'signed_dt', 0, 'primary_agent'],
      ['Schedule showings', 'signed_dt', 2, 'primary_agent'],
      ['Send offer summary', 'under_contract_dt', 0, 'tc', true],
      ['Deliver earnest money', 'under_contract_dt', 2, 'tc'],
      ['Schedule inspection', 'under_contract_dt', 3, 'tc'],
      ['Review inspection', 'under_contract_dt', 6, 'primary_agent'],
      ['Order title search', 'under_contract_dt', 4, 'tc'],
      ['Confirm wire instructions by phone', 'est_close_dt', -3, 'tc'],
      ['Final walkthrough', 'est_close_dt', -1, 'primary_agent'],
      ['Send closing reminder', 'est_close_dt', -1, 'tc', true],
      ['Deliver keys', 'closed_dt', 0, 'primary_agent'],
      ['Request review', 'closed_dt', 7, 'primary_agent', true],
    ],
  },
  {
    name: 'Seller Listing',
    side: 's',
    steps: [
      ['Send seller welcome email', 'assigned', 0, 'tc', true],
      ['Prepare comparative market analysis', 'assigned', 2, 'primary_agent'],
      ['Sign listing agreement', 'signed_dt', 0, 'primary_agent'],
      ['Order professional photos', 'signed_dt', 2, 'tc'],
      ['Install sign and lockbox', 'signed_dt', 3, 'tc'],
      ['Collect seller disclosures', 'signed_dt', 4, 'tc'],
      ['Publish listing to MLS', 'signed_dt', 5, 'primary_agent'],
      ['Send listing launch announcement', 'signed_dt', 5, 'tc', true],
      ['Host open house', 'signed_dt', 10, 'primary_agent'],
      ['Send weekly showing feedback', 'signed_dt', 14, 'primary_agent', true],
      ['Review offers with seller', 'under_contract_dt', 0, 'primary_agent'],
      ['Send executed contract to title', 'under_contract_dt', 1, 'tc'],
      ['Coordinate inspection access', 'under_contract_dt', 4, 'tc'],
      ['Negotiate repair requests', 'under_contract_dt', 10, 'primary_agent'],
      ['Coordinate appraisal access', 'under_contract_dt', 12, 'tc'],
      ['Order payoff statement', 'est_close_dt', -14, 'tc'],
      ['Confirm utilities transfer', 'est_close_dt', -5, 'tc'],
      ['Send closing reminder to seller', 'est_close_dt', -2, 'tc', true],
      ['Review settlement statement', 'est_close_dt', -2, 'primary_agent'],
      ['Remove sign and lockbox', 'closed_dt', 1, 'tc'],
      ['Send thank-you gift', 'closed_dt', 3, 'primary_agent'],
      ['Request review', 'closed_dt', 10, 'primary_agent', true],
    ],
  },
  {
    name: 'Seller Short Sale',
    side: 's',
    steps: [
      ['Collect hardship letter', 'assigned', 3, 'primary_agent'],
      ['Collect bank statements and pay stubs', 'assigned', 5, 'tc'],
      ['Sign listing agreement', 'signed_dt', 0, 'primary_agent'],
      ['Submit short sale package to lender', 'signed_dt', 7, 'tc'],
      ['Send lender status update', 'signed_dt', 21, 'tc', true],
      ['Submit offer to lender', 'under_contract_dt', 1, 'tc'],
      ['Follow up on BPO', 'under_contract_dt', 14, 'tc'],
      ['Negotiate lender approval', 'under_contract_dt', 30, 'primary_agent'],
      ['Send approval letter to title', 'est_close_dt', -21, 'tc'],
      ['Confirm closing funds', 'est_close_dt', -5, 'tc'],
      ['Send closing reminder', 'est_close_dt', -2, 'tc', true],
      ['File closing documents', 'closed_dt', 2, 'tc'],
      ['Request review', 'closed_dt', 10, 'primary_agent', true],
    ],
  },
  {
    name: 'Seller Luxury Listing',
    side: 's',
    steps: [
      ['Pre-listing consultation', 'assigned', 1, 'primary_agent'],
      ['Stage the home', 'signed_dt', 5, 'tc'],
      ['Drone and twilight photos', 'signed_dt', 7, 'tc'],
      ['Produce property video', 'signed_dt', 9, 'tc'],
      ['Print brochures', 'signed_dt', 9, 'tc'],
      ['Broker preview event', 'signed_dt', 12, 'primary_agent'],
      ['Send broker preview invitations', 'signed_dt', 10, 'tc', true],
      ['Private showings report', 'signed_dt', 21, 'primary_agent', true],
      ['Verify buyer proof of funds', 'under_contract_dt', 1, 'tc'],
      ['Coordinate inspections', 'under_contract_dt', 5, 'tc'],
      ['Negotiate repairs', 'under_contract_dt', 10, 'primary_agent'],
      ['Confirm closing logistics', 'est_close_dt', -7, 'tc'],
      ['Send closing reminder', 'est_close_dt', -2, 'tc', true],
      ['Closing gift', 'closed_dt', 2, 'primary_agent'],
      ['Request review', 'closed_dt', 10, 'primary_agent', true],
    ],
  },
];

/** Steps that need a document, and the type they need (SeedTeam.document_types). */
const STEP_DOCUMENTS: Readonly<Record<string, string>> = {
  'Collect pre-approval letter': 'Pre-Approval Letter',
  'Sign buyer representation agreement': 'Buyer Representation Agreement',
  'Review inspection report': 'Inspection Report',
  'Collect closing disclosure': 'Closing Disclosure',
  'Review builder contract': 'Purchase Agreement',
  'Collect proof of funds': 'Proof of Funds',
  'Review inspection': 'Inspection Report',
  'Sign listing agreement': 'Listing Agreement',
  'Collect seller disclosures': 'Seller Disclosure',
  'Review settlement statement': 'Closing Disclosure',
  'Verify buyer proof of funds': 'Proof of Funds',
};

/**
 * The team's templates, created once (by name); answers the ids by side. docTypes: the team's document
 * types by name (from the read copy); the steps that need one get its id, when the team has it.
 */
export async function seedRoadmapTemplates(
  manager: EntityManager,
  teamId: number,
  docTypes: ReadonlyMap<string, number> = new Map(),
): Promise<{ ids: Record<TransactionSide, number[]>; added: number }> {
  const rows: { rtc_id: number; name: string; client_type: TransactionSide; added: boolean }[] = await manager.query(
    `WITH wanted AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(name text, client_type char(1))),
          added AS (
            INSERT INTO transactions.roadmap_templates (team_id, name, client_type)
            SELECT $1, w.name, w.client_type FROM wanted w
            ON CONFLICT (team_id, lower(name)) DO NOTHING
            RETURNING rtc_id, name, client_type)
     SELECT rtc_id, name, client_type, true AS added FROM added
     UNION ALL
     SELECT r.rtc_id, r.name, r.client_type, false FROM transactions.roadmap_templates r JOIN wanted w ON lower(w.name) = lower(r.name) WHERE r.team_id = $1`,
    [teamId, JSON.stringify(TEMPLATES.map((t) => ({ name: t.name, client_type: t.side })))],
  );
  const added = rows.filter((row) => row.added);
  const steps = added.flatMap((row) =>
    TEMPLATES.find((t) => t.name === row.name)!.steps.map(([name, trigger, offset_days, assignee, notification], i) => ({
      rtc_id: row.rtc_id,
      step: i + 1,
      name,
      description: STEP_DESCRIPTION(name),
      task_type: notification ? 'N' : null,
      trigger,
      offset_days,
      assignee,
      doc_type_id: docTypes.get(STEP_DOCUMENTS[name] ?? '') ?? null,
    })),
  );
  if (steps.length > 0) {
    await manager.query(
      `INSERT INTO transactions.roadmap_steps (rtc_id, step, name, description, task_type, trigger, offset_days, assignee, doc_type_id)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(rtc_id int, step int, name text, description text, task_type char(1), trigger text,
                                                       offset_days int, assignee text, doc_type_id int)`,
      [JSON.stringify(steps)],
    );
  }
  const byName = new Map(rows.map((row) => [row.name, row.rtc_id]));
  const ids: Record<TransactionSide, number[]> = { b: [], s: [] };
  for (const template of TEMPLATES) ids[template.side].push(byName.get(template.name)!);
  return { ids, added: added.length };
}

/**
 * 1 or 2 roadmaps on every transaction of the team that is not Pipeline or Lost and has none yet, then
 * progress as the dates say: tasks of closed transactions done, most tasks due more than two days ago
 * done (one in four left overdue). Through TaskWriter, so the events and counters are the
 * application's. Answers how many tasks it created.
 */
export async function seedRoadmaps(
  dataSource: DataSource,
  writer: TaskWriter,
  teamId: number,
  ids: Record<TransactionSide, number[]>,
): Promise<number> {
  const transactions: { client_id: number }[] = await dataSource.query(
    `SELECT client_id FROM transactions.transactions
      WHERE team_id = $1 AND status_category IN ('active', 'closed') AND rtc_count = 0 ORDER BY client_id`,
    [teamId],
  );
  // Every transaction gets its side's first template; every third also the second, every other fifth the
  // third (both sides' templates are sent: the other side's are skipped per transaction).
  const templatesOf = (clientId: number) =>
    [0, ...(clientId % 3 === 0 ? [1] : clientId % 5 === 0 ? [2] : [])].flatMap((k) => [ids.b[k], ids.s[k]]);
  const groups = new Map<string, number[]>();
  for (const { client_id: clientId } of transactions) {
    const key = templatesOf(clientId).join(',');
    groups.set(key, [...(groups.get(key) ?? []), clientId]);
  }
  let created = 0;
  for (const [key, clientIds] of groups) {
    for (let from = 0; from < clientIds.length; from += SEED_CHUNK) {
      created += await dataSource.transaction(async (manager) => {
        const { taskIds } = await writer.assignRoadmaps(
          manager,
          teamId,
          clientIds.slice(from, from + SEED_CHUNK),
          key.split(',').map(Number),
        );
        const done: { task_id: number }[] = await manager.query(
          `SELECT k.task_id FROM transactions.tasks k JOIN transactions.transactions t ON t.client_id = k.client_id
            WHERE k.task_id = ANY($1::int[])
              AND (t.status_category = 'closed' OR (k.due_dt < ${teamTodaySql('$2')} - 2 AND k.task_id % 4 <> 0))`,
          [taskIds, teamId],
        );
        await writer.setStatusMany(
          manager,
          done.map((row) => row.task_id),
          TASK_STATUS.completed,
        );
        return taskIds.length;
      });
    }
  }
  return created;
}
