import type { DataSource } from 'typeorm';
import type { Seeder, SeedState } from '@app/seed';
import { SEED_TEAMS } from '@app/seed';
import { STAFF_ROLES } from '@app/contracts';
import { seedTransactionsDemoForms } from '../forms/forms-demo-seed';
import { TransactionWriter } from '../transactions/transaction-writer';
import { demoTransaction, type SeedPeople } from './demo-transactions';
import { seedTeamOptions } from './team-options.seed';
import { ContactWriter } from '../contacts/contact-writer';
import { seedDemoContacts } from './demo-contacts.seed';
import { TaskWriter } from '../tasks/task-writer';
import { seedRoadmaps, seedRoadmapTemplates } from './roadmaps.seed';
import { seedSavedFilters } from './saved-filters.seed';
import { seedStorage, seedTaskDocuments } from './task-documents.seed';
import { demoCapYearStart, seedCommissionLines, seedCommissionTemplates } from './commission-templates.seed';
import { seedDashboards } from './dashboards.seed';

/** Rows written per database transaction: large enough to be fast, small enough to keep memory flat. */
const BATCH = 2_000;

/** A team's staff, from identity's seeder result (in memory: never from identity's schema). */
function peopleOf(state: SeedState, teamId: number, teamKey: string): SeedPeople {
  const users = state.users.filter((u) => u.team_id === teamId);
  const withRole = (role: string) => users.filter((u) => u.roles?.includes(role as never)).map((u) => u.agent_id);
  const fixed = SEED_TEAMS.find((t) => t.key === teamKey)?.users ?? [];
  const idOf = (email?: string) => users.find((u) => u.email === email)?.agent_id;
  const demoAgent = teamKey === 'demo' ? idOf(fixed.find((u) => u.email.startsWith('agent@'))?.email) : undefined;
  const agents = withRole('AGENT');
  return {
    agents: agents.length ? agents : withRole('ADMIN'),
    tcs: withRole('TRANC'),
    isas: withRole('ISISA'),
    demoAgent,
    demoClient: teamKey === 'demo' ? withRole('CLIENT')[0] : undefined,
    demoVendor: teamKey === 'demo' ? withRole('VENDOR')[0] : undefined,
  };
}

/** The team's users who hold transactions (ADMIN, TC, ISA, Agent), from identity's seeder result. */
const membersOf = (state: SeedState, teamId: number) =>
  state.users.filter((u) => u.team_id === teamId && u.roles?.some((role) => STAFF_ROLES.includes(role))).map((u) => u.agent_id);

/** How long the seed waits for team-admin's document types to reach the read copy (the services run meanwhile). */
const DOCUMENT_TYPES_WAIT_MS = 60_000;

/** The team's document types by name once the read copy holds every one of `names` (none named: none awaited). */
async function documentTypesOf(dataSource: DataSource, teamId: number, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const deadline = Date.now() + DOCUMENT_TYPES_WAIT_MS;
  for (;;) {
    const rows: { name: string; doc_type_id: number }[] = await dataSource.query(
      `SELECT name, doc_type_id FROM transactions.document_types WHERE team_id = $1`,
      [teamId],
    );
    const byName = new Map(rows.map((row) => [row.name, row.doc_type_id]));
    if (names.every((name) => byName.has(name))) return byName;
    if (Date.now() > deadline)
      throw new Error(`team ${teamId}'s document types have not reached transactions (team-admin.document-types.changed not applied)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A stable number per team key, so that two teams do not get the same transactions. */
const seedOfKey = (key: string) => [...key].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/**
 * transactions' seeder: every seeded team's options and forms; each volume team's transactions up to
 * --transactions N (deterministic; a second run adds nothing, a larger N adds the difference), written
 * through TransactionWriter like the application writes them, so the same events reach the outbox.
 */
export const transactionsSeeder: Seeder = {
  service: 'transactions',
  // team-admin seeds the document types the roadmap steps name (with the services running).
  after: ['identity', 'team-admin'],
  async seed({ dataSource, outbox, state, options, log }) {
    const teamIds = state.teams.map((team) => team.team_id);
    const forms = await seedTransactionsDemoForms(dataSource, teamIds);
    let optionRows = 0;
    let created = 0;
    let contacts = 0;
    let templates = 0;
    let tasks = 0;
    let documents = 0;
    let filters = 0;
    let commissionTemplates = 0;
    let lined = 0;
    let goals = 0;
    state.commission_templates = [];
    state.cap_anniversaries = [];
    // The demo agent's cap year start, once its team's transactions and lines exist (see demoCapYearStart).
    const chooseDemoAnniversary = async (teamId: number, teamKey: string) => {
      const demoAgent = peopleOf(state, teamId, teamKey).demoAgent;
      const start = demoAgent ? await demoCapYearStart(dataSource, teamId, demoAgent) : null;
      if (demoAgent && start) state.cap_anniversaries!.push({ agent_id: demoAgent, date: start });
    };
    const writer = new TransactionWriter(outbox);
    const taskWriter = new TaskWriter(outbox);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    for (const team of state.teams) {
      const { ids, added } = await dataSource.transaction((manager) => seedTeamOptions(manager, team.team_id));
      optionRows += added;
      // Demo Realty's own contacts (two duplicate pairs among them), beside its transactions' contacts.
      if (team.key === 'demo')
        contacts += await seedDemoContacts(
          dataSource,
          new ContactWriter(outbox),
          team.team_id,
          peopleOf(state, team.team_id, team.key),
          ids.leadTypes,
        );
      const docTypes = options.live
        ? await documentTypesOf(dataSource, team.team_id, SEED_TEAMS.find((t) => t.key === team.key)?.document_types ?? [])
        : new Map<string, number>();
      const roadmaps = await dataSource.transaction((manager) => seedRoadmapTemplates(manager, team.team_id, docTypes));
      templates += roadmaps.added;
      // Identity's commission-defaults step makes these every agent's defaults (SeedState.commission_templates).
      const commission = await seedCommissionTemplates(dataSource, outbox, team.team_id);
      commissionTemplates += commission.added;
      state.commission_templates.push({ team_id: team.team_id, buyer: commission.buyer, seller: commission.seller });
      const seedTemplateIds = [...commission.buyer, ...commission.seller];
      const admin = state.users.find((user) => user.team_id === team.team_id && user.roles?.includes('ADMIN' as never));
      if (admin)
        filters += await seedSavedFilters(dataSource, team.team_id, admin.agent_id, peopleOf(state, team.team_id, team.key).demoAgent);
      if (!team.volume || options.transactions <= 0) continue;
      const [{ seeded }]: { seeded: number }[] = await dataSource.query(
        `SELECT count(*)::int AS seeded FROM transactions.transaction_history WHERE team_id = $1 AND source = 'seed' AND field = 'created'`,
        [team.team_id],
      );
      if (seeded >= options.transactions) {
        lined += await seedCommissionLines(dataSource, team.team_id, seedTemplateIds);
        await chooseDemoAnniversary(team.team_id, team.key);
        tasks += await seedRoadmaps(dataSource, taskWriter, team.team_id, roadmaps.ids);
        if (docTypes.size > 0) documents += await seedTaskDocuments(dataSource, outbox, seedStorage(), team.team_id);
        goals += (await seedDashboards(dataSource, team.team_id, membersOf(state, team.team_id))).goals;
        continue;
      }
      const people = peopleOf(state, team.team_id, team.key);
      if (people.agents.length === 0) throw new Error(`team ${team.name} has no agents to own its transactions`);
      const started = Date.now();
      for (let from = seeded; from < options.transactions; from += BATCH) {
        const to = Math.min(from + BATCH, options.transactions);
        const items = Array.from({ length: to - from }, (_, k) =>
          demoTransaction(team.team_id, seedOfKey(team.key), from + k, today, ids, people),
        );
        await dataSource.transaction((manager) => writer.createMany(manager, items, { agent_id: null, source: 'seed' }));
        created += items.length;
        if ((to - seeded) % 20_000 === 0 || to === options.transactions) {
          log(`${team.name}: ${to} of ${options.transactions} transactions (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        }
      }
      lined += await seedCommissionLines(dataSource, team.team_id, seedTemplateIds);
      await chooseDemoAnniversary(team.team_id, team.key);
      const roadmapStart = Date.now();
      const roadmapTasks = await seedRoadmaps(dataSource, taskWriter, team.team_id, roadmaps.ids);
      tasks += roadmapTasks;
      if (roadmapTasks) log(`${team.name}: ${roadmapTasks} roadmap tasks (${((Date.now() - roadmapStart) / 1000).toFixed(1)} s)`);
      // Documents on some done tasks: the teams that have document types (the demo team), with the services running.
      if (docTypes.size > 0) documents += await seedTaskDocuments(dataSource, outbox, seedStorage(), team.team_id);
      goals += (await seedDashboards(dataSource, team.team_id, membersOf(state, team.team_id))).goals;
    }
    const parts = [
      forms ? `${forms} forms` : '',
      optionRows ? `${optionRows} option rows` : '',
      contacts ? `${contacts} contacts` : '',
      templates ? `${templates} roadmap templates` : '',
      commissionTemplates ? `${commissionTemplates} commission templates` : '',
      lined ? `commission lines on ${lined} transactions` : '',
      filters ? `${filters} saved filters` : '',
      created ? `${created} transactions` : '',
      tasks ? `${tasks} roadmap tasks` : '',
      documents ? `${documents} task documents` : '',
      goals ? `${goals} goals` : '',
    ].filter(Boolean);
    return parts.length ? `created ${parts.join(', ')}` : 'transactions data already present';
  },
  async missing(dataSource, state) {
    const agentIds = state.users.map((user) => user.agent_id);
    const teamIds = state.teams.map((team) => team.team_id);
    const [row]: { agents: number; teams: number }[] = await dataSource.query(
      `SELECT (SELECT count(*)::int FROM transactions.agents WHERE agent_id = ANY($1::int[])) AS agents,
              (SELECT count(*)::int FROM transactions.teams WHERE team_id = ANY($2::int[])) AS teams`,
      [agentIds, teamIds],
    );
    if (row.agents < agentIds.length)
      return `${agentIds.length - row.agents} of ${agentIds.length} users are not in the agents read copy yet`;
    if (row.teams < teamIds.length) return `${teamIds.length - row.teams} of ${teamIds.length} teams are not in the teams read copy yet`;
    return null;
  },
};
