// `npm start`: the whole platform on http://localhost:8080 (after `npm install`; npm start builds first).
import { startStack } from './stack.mjs';

const DEMO_USERS = [
  ['admin@demo-realty.test', 'ADMIN', 'Demo Realty'],
  ['tc@demo-realty.test', 'TRANC', 'Demo Realty'],
  ['isa@demo-realty.test', 'ISISA', 'Demo Realty'],
  ['agent@demo-realty.test', 'AGENT', 'Demo Realty'],
  ['client@demo-realty.test', 'CLIENT', 'Demo Realty'],
  ['vendor@demo-realty.test', 'VENDOR', 'Demo Realty'],
  ['admin@rival-homes.test', 'ADMIN', 'Rival Homes'],
];

const edgePort = Number(process.env.EDGE_PORT ?? 8080);
let stack;
try {
  stack = await startStack({ edgePort });
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

  Demo users (password DemoPass1!):
${DEMO_USERS.map(([email, role, team]) => `    ${email.padEnd(26)} ${role.padEnd(7)} ${team}`).join('\n')}

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
