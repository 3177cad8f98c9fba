// npm run bench:skyslope (issue 25): reading every SkySlope user of a big office and matching them, the
// work of the skyslope-match-users job, against the fake SkySlope with 10,000 users at 50 ms a call.
// Reports wall time and SkySlope calls per concurrency of page reads (the job uses 10); the aim is under
// 10 s. A report, not a test: nothing is asserted.
import { performance } from 'node:perf_hooks';
import { FAKE_SKYSLOPE_ACCESS_KEY, FAKE_SKYSLOPE_ACCESS_SECRET, FAKE_SKYSLOPE_CLIENT_ID, FAKE_SKYSLOPE_CLIENT_SECRET, startFakeSkySlope } from '../services/integrations-sync/fake-skyslope';
import { matchUsers, type TeamUser } from '../services/integrations-sync/src/matching/match-users';
import { SkySlopeClient } from '../services/integrations-sync/src/skyslope/skyslope.client';
import { formatTable, machineInfo, round, runBench, writeReport } from './bench-kit';

const LABEL = 'bench:skyslope';
const USERS = 10_000;
const LATENCY_MS = 50;
const CONCURRENCIES = [1, 10, 20];
const AIM_S = 10;

runBench(LABEL, async () => {
  const fake = await startFakeSkySlope({ port: 0, latencyMs: LATENCY_MS, extraUsers: USERS });
  const rows: { concurrency: number; wall_s: number; calls: number; users: number; matched: number }[] = [];
  try {
    // The team: 2,000 users, half of them with an email SkySlope knows (in other letter case).
    const everyone = await new SkySlopeClient({ baseUrl: fake.url, clientId: FAKE_SKYSLOPE_CLIENT_ID, clientSecret: FAKE_SKYSLOPE_CLIENT_SECRET }).listUsers(
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
      const client = new SkySlopeClient({ baseUrl: fake.url, clientId: FAKE_SKYSLOPE_CLIENT_ID, clientSecret: FAKE_SKYSLOPE_CLIENT_SECRET });
      const started = performance.now();
      const users = await client.listUsers({ teamId: `bench-${concurrency}`, accessKey: FAKE_SKYSLOPE_ACCESS_KEY, accessSecret: FAKE_SKYSLOPE_ACCESS_SECRET }, { concurrency });
      const outcome = matchUsers(team, users);
      const wall = (performance.now() - started) / 1000;
      rows.push({ concurrency, wall_s: round(wall, 2), calls: client.callCount, users: users.length, matched: outcome.matches.length });
      console.log(`[${LABEL}] concurrency ${concurrency}: ${wall.toFixed(2)} s, ${client.callCount} SkySlope calls, ${users.length} users read, ${outcome.matches.length} matched`);
    }
  } finally {
    await fake.close();
  }
  console.log(`\n${formatTable(['page reads at once', 'wall s', 'SkySlope calls', 'users', 'matched', `aim < ${AIM_S} s`], rows.map((r) => [String(r.concurrency), r.wall_s.toFixed(2), String(r.calls), String(r.users), String(r.matched), r.wall_s < AIM_S ? 'yes' : 'no']))}`);
  writeReport('skyslope-latest.json', { label: LABEL, machine: machineInfo(), users: USERS, latency_ms: LATENCY_MS, job_concurrency: 10, aim_s: AIM_S, rows }, LABEL);
});
