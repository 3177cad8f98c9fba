// Checks the Dockerfile's shape (no Docker engine here to build it) and that the entry points the
// deployment files start exist in the source tree.
import { SERVICE_NAMES } from '@app/contracts';
import { exists, readText } from './helpers';

const dockerfile = readText('Dockerfile');
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const stages = instructions.filter((line) => /^FROM\s/i.test(line));
const runtimeStart = instructions.lastIndexOf(stages[stages.length - 1]);
const runtime = instructions.slice(runtimeStart);

describe('Dockerfile', () => {
  it('is multi-stage: npm ci, node scripts/build.mjs, production dependencies', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(instructions.some((line) => /^RUN\b.*\bnpm ci\b(?!.*--omit=dev)/.test(line))).toBe(true);
    expect(instructions).toContain('RUN node scripts/build.mjs');
    expect(instructions.some((line) => /^RUN\b.*\bnpm ci\b.*--omit=dev/.test(line))).toBe(true);
  });

  it('runtime stage: node:20-bookworm-slim, production node_modules and every build output', () => {
    expect(dockerfile).toMatch(/ARG NODE_RUNTIME_IMAGE=node:20-bookworm-slim/);
    expect(runtime[0]).toMatch(/^FROM \$\{NODE_RUNTIME_IMAGE\} AS runtime$/);
    for (const target of ['./node_modules', './dist', './console/dist', './display/dist']) {
      expect({ target, copied: runtime.some((line) => line.startsWith('COPY --from=') && line.endsWith(` ${target}`)) }).toEqual({
        target,
        copied: true,
      });
    }
    expect(runtime).toContain('ENV NODE_ENV=production');
  });

  it('runs as a numeric non-root user, node as the entrypoint', () => {
    const user = runtime.filter((line) => line.startsWith('USER ')).pop();
    expect(user).toMatch(/^USER [1-9]\d*(:[1-9]\d*)?$/);
    expect(runtime.find((line) => line.startsWith('ENTRYPOINT'))).toMatch(/"node"\]$/);
    expect(runtime.find((line) => line.startsWith('CMD'))).toBe('CMD ["dist/edge/src/main.js"]');
  });

  it('.dockerignore keeps host node_modules, build output and secrets out of the context', () => {
    const ignored = readText('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['node_modules', '**/node_modules', 'dist', '.env', '.git', '.data']) expect(ignored).toContain(entry);
  });
});

describe('entry points started by docker-compose.yml and k8s/', () => {
  const sources = [
    ...SERVICE_NAMES.flatMap((s) => [`services/${s}/src/main.ts`, `services/${s}/src/worker.ts`]),
    'edge/src/main.ts',
    'scripts/migrate.ts',
  ];
  it.each(sources)('%s exists (compiled to dist/ by scripts/build.mjs)', (source) => {
    expect(exists(source)).toBe(true);
  });
});
