import path from 'node:path';
import { EDGE_DEFAULT_PORT } from '@app/contracts';
import { createEdge, defaultFrontendDirs, upstreamsFromEnv } from './edge';

// dist/edge/src/main.js -> repository root
const root = process.env.APP_ROOT ?? path.resolve(__dirname, '..', '..', '..');
const port = Number(process.env.EDGE_PORT ?? EDGE_DEFAULT_PORT);
const log = (line: Record<string, unknown>) =>
  process.stdout.write(JSON.stringify({ service: 'edge', time: new Date().toISOString(), ...line }) + '\n');

const server = createEdge({ upstreams: upstreamsFromEnv(), ...defaultFrontendDirs(root), log });
server.listen(port, '0.0.0.0', () => log({ level: 'info', msg: `edge listening on ${port}` }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
