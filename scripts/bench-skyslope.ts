// npm run bench:skyslope (spec 002 section 2.6): reading every SkySlope user of a big office and matching them, the
// work of the skyslope-match-users job, against the fake SkySlope with 10,000 users at 50 ms a call.
// Reports wall time and SkySlope calls per concurrency of page reads (the job uses 10); the aim is under
// 10 s. Then the transaction sync's SkySlope work (spec 002 section 2.6). A report, not a test: nothing is asserted.
import { performance } from 'node:perf_hooks';
import {
  FAKE_SKYSLOPE_ACCESS_KEY,
  FAKE_SKYSLOPE_ACCESS_SECRET,
  FAKE_SKYSLOPE_CLIENT_ID,
  FAKE_SKYSLOPE_CLIENT_SECRET,
  FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID,
  FAKE_SKYSLOPE_USERS,
  startFakeSkySlope,
} from '../services/integrations-sync/fake-skyslope';
import type { TransactionSnapshot } from '@app/contracts';
import { planSkySlopeFile } from '../services/integrations-sync/src/transaction-sync/skyslope-file.mapper';
import { matchUsers, type TeamUser } from '../services/integrations-sync/src/matching/match-users';
import { SkySlopeClient } from '../services/integrations-sync/src/skyslope/skyslope.client';
import { formatTable, machineInfo, round, runBench, writeReport } from './bench-kit';

const LABEL = 'bench:skyslope';
const USERS = 10_000;
const LATENCY_MS = 50;
const CONCURRENCIES = [1, 10, 20];
const AIM_S = 10;
/** The transaction sync part: transactions synced, and jobs at once (TransactionSyncWorker's concurrency). */
const SYNC_TRANSACTIONS = 100;
const SYNC_JOBS = 4;

runBench(LABEL, async () => {
  const fake = await startFakeSkySlope({ port: 0, latencyMs: LATENCY_MS, extraUsers: USERS });
  const rows: { concurrency: number; wall_s: number; calls: number; users: number; matched: number }[] = [];
  try {
    // The team: 2,000 users, half of them with an email SkySlope knows (in other letter case).
    const everyone = await new SkySlopeClient({
      baseUrl: fake.url,
      clientId: FAKE_SKYSLOPE_CLIENT_ID,
      clientSecret: FAKE_SKYSLOPE_CLIENT_SECRET,
    }).listUsers(
      { teamId: 'bench-seed', accessKey: FAKE_SKYSLOPE_ACCESS_KEY, accessSecret: FAKE_SKYSLOPE_ACCESS_SECRET },
      { concurrency: 20 },
    );
    const team: TeamUser[] = Array.from({ length: 2_000 }, (_, index) => ({
      agent_id: index + 1,
      email: index % 2 === 0 ? (everyone[index]?.email ?? '').toUpperCase() : `nobody${index}@bench.test`,
      skyslope_agent_guid: null,
    }));
    console.log(`[${LABEL}] fake SkySlope with ${everyone.length} users at ${LATENCY_MS} ms a call; a team of ${team.length} users`);
    for (const concurrency of CONCURRENCIES) {
      const client = new SkySlopeClient({
        baseUrl: fake.url,
        clientId: FAKE_SKYSLOPE_CLIENT_ID,
        clientSecret: FAKE_SKYSLOPE_CLIENT_SECRET,
      });
      const started = performance.now();
      const users = await client.listUsers(
        { teamId: `bench-${concurrency}`, accessKey: FAKE_SKYSLOPE_ACCESS_KEY, accessSecret: FAKE_SKYSLOPE_ACCESS_SECRET },
        { concurrency },
      );
      const outcome = matchUsers(team, users);
      const wall = (performance.now() - started) / 1000;
      rows.push({ concurrency, wall_s: round(wall, 2), calls: client.callCount, users: users.length, matched: outcome.matches.length });
      console.log(
        `[${LABEL}] concurrency ${concurrency}: ${wall.toFixed(2)} s, ${client.callCount} SkySlope calls, ${users.length} users read, ${outcome.matches.length} matched`,
      );
    }
  } finally {
    await fake.close();
  }
  const sync = await benchTransactionSync();
  console.log(
    `\n${formatTable(
      ['page reads at once', 'wall s', 'SkySlope calls', 'users', 'matched', `aim < ${AIM_S} s`],
      rows.map((r) => [
        String(r.concurrency),
        r.wall_s.toFixed(2),
        String(r.calls),
        String(r.users),
        String(r.matched),
        r.wall_s < AIM_S ? 'yes' : 'no',
      ]),
    )}`,
  );
  console.log(
    `\n${formatTable(
      ['transaction sync', 'wall s', 'SkySlope calls', 'files'],
      sync.map((r) => [r.step, r.wall_s.toFixed(2), String(r.calls), String(r.files)]),
    )}`,
  );
  writeReport(
    'skyslope-latest.json',
    {
      label: LABEL,
      machine: machineInfo(),
      users: USERS,
      latency_ms: LATENCY_MS,
      job_concurrency: 10,
      aim_s: AIM_S,
      rows,
      transaction_sync: sync,
    },
    LABEL,
  );
});

/**
 * The transaction sync's SkySlope work (spec 002 section 2.6) at the same latency, through the client and the sync's own
 * mapping (planSkySlopeFile): SYNC_TRANSACTIONS new transactions each made a sale with two contacts, SYNC_JOBS at
 * once (the sync worker's concurrency), then each updated with one PUT, then the list of the agent's files that
 * a retried create reads to adopt its file. Reported, not asserted.
 */
async function benchTransactionSync(): Promise<{ step: string; wall_s: number; calls: number; files: number }[]> {
  const fake = await startFakeSkySlope({ port: 0, latencyMs: LATENCY_MS });
  const team = { teamId: 'bench-sync', accessKey: FAKE_SKYSLOPE_ACCESS_KEY, accessSecret: FAKE_SKYSLOPE_ACCESS_SECRET };
  const agentGuid = FAKE_SKYSLOPE_USERS[2].userGuid;
  const context = {
    officeGuid: FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID,
    agentGuid,
    checklistTypeId: 101,
    prefs: { send_commission: true },
    matchedGuids: new Map<number, string>(),
  };
  const row = (clientId: number, price: number) =>
    ({
      client_id: clientId,
      team_id: 1,
      type: 'b',
      first_name: 'Bench',
      last_name: `Buyer${clientId}`,
      email: `buyer${clientId}@bench.test`,
      mobile_phone: null,
      address_1: `${clientId} Bench St`,
      address_2: '',
      city: 'Austin',
      state: 'TX',
      postal_code: '78704',
      primary_agent_id: 3,
      appt_set_by_agent_id: null,
      trans_amt: price,
      gci_pct: 3,
      gross_commission_amt: price * 0.03,
      under_contract_dt: '2026-11-02',
      est_close_dt: '2026-12-15',
      closed_dt: null,
      custom_values: {},
      contacts: [{ name: `Co Buyer${clientId}`, email: null }],
      version: 1,
    }) as unknown as TransactionSnapshot;
  const ids = Array.from({ length: SYNC_TRANSACTIONS }, (_, i) => i + 1);
  const inBatches = async (work: (id: number) => Promise<void>) => {
    for (let from = 0; from < ids.length; from += SYNC_JOBS) await Promise.all(ids.slice(from, from + SYNC_JOBS).map(work));
  };
  const results: { step: string; wall_s: number; calls: number; files: number }[] = [];
  const guids = new Map<number, string>();
  try {
    const client = new SkySlopeClient({ baseUrl: fake.url, clientId: FAKE_SKYSLOPE_CLIENT_ID, clientSecret: FAKE_SKYSLOPE_CLIENT_SECRET });
    let started = performance.now();
    let before = client.callCount;
    await inBatches(async (id) => {
      const plan = planSkySlopeFile(row(id, 400_000), context);
      const guid = await client.createFile(team, 'sale', plan.body);
      guids.set(id, guid);
      for (const { contact } of plan.contacts) await client.addContact(team, 'sale', guid, contact);
    });
    results.push({
      step: `create ${SYNC_TRANSACTIONS} sales + contacts, ${SYNC_JOBS} at once`,
      wall_s: round((performance.now() - started) / 1000, 2),
      calls: client.callCount - before,
      files: fake.control.files().length,
    });
    started = performance.now();
    before = client.callCount;
    await inBatches(async (id) => client.updateFile(team, 'sale', guids.get(id)!, planSkySlopeFile(row(id, 410_000), context).body));
    results.push({
      step: `update each (PUT), ${SYNC_JOBS} at once`,
      wall_s: round((performance.now() - started) / 1000, 2),
      calls: client.callCount - before,
      files: fake.control.files().length,
    });
    started = performance.now();
    before = client.callCount;
    const listed = await client.listFiles(team, 'sale', { agentGuid, earliestDate: new Date(Date.now() - 3_600_000).toISOString() });
    results.push({
      step: `adopt: list the agent's ${listed.length} files`,
      wall_s: round((performance.now() - started) / 1000, 2),
      calls: client.callCount - before,
      files: listed.length,
    });
  } finally {
    await fake.close();
  }
  return results;
}
