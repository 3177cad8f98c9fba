// `npm start`: the whole platform on http://localhost:8080 (after `npm install`; npm start builds first).
import { createRequire } from 'node:module';
import { DEMO_SEED_ARGS, DEMO_TRANSACTIONS, startStack } from './stack.mjs';

// The seeded users come from the seed itself (compiled by the build that npm start runs first).
const require = createRequire(import.meta.url);
const { printedSeedUsers, DEMO_PASSWORD, demoVendorInviteUrl } = require('../dist/libs/seed/src/index.js');
const DEMO_USERS = printedSeedUsers(DEMO_TRANSACTIONS).map((user) => [user.email, user.role, user.team]);

const edgePort = Number(process.env.EDGE_PORT ?? 8080);
let stack;
try {
  stack = await startStack({ edgePort, seedArgs: DEMO_SEED_ARGS });
} catch (error) {
  console.error(`[start] the platform did not come up: ${error.message}`);
  process.exit(1);
}

const url = `http://localhost:${edgePort}`;
console.log(`
  Realty platform is running
    Console        ${url}/
    Display Mode   ${url}/display
    APIs           ${url}/api/<service>/health, /api/<service>/openapi.json, /api/<service>/docs
    Logs           .data/logs/
    Queues board   ${url}/api/ops/queues   (operators: user ${stack.ops.username}, password ${stack.ops.password}${process.env.OPS_PASSWORD ? '' : ', kept in .data/keys/ops-password'})

  Demo users (password ${DEMO_PASSWORD}):
${DEMO_USERS.map(([email, role, team]) => `    ${email.padEnd(28)} ${role.padEnd(7)} ${team}`).join('\n')}
    (seeded with --transactions ${DEMO_TRANSACTIONS}: ${DEMO_TRANSACTIONS} transactions for each volume team)

  Pending vendor invite (Demo Realty; the seed renews it once used or expired):
    ${demoVendorInviteUrl(url)}

  Ctrl+C stops everything; data stays in .data/ for the next start.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[start] stopping...');
    await stack.stop();
    process.exit(0);
  });
}
