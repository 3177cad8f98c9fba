// Every RPC pattern of libs/contracts (RPC_PATTERNS) has exactly one handler, in its owner's service: a pattern
// with none would leave its callers waiting for the timeout, and two would answer twice.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RPC_PATTERNS, SERVICE_NAMES } from '@app/contracts';

const ROOT = path.resolve(__dirname, '..', '..');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(at);
    else if (entry.name.endsWith('.ts') && !/\.(spec|e2e-spec|d)\.ts$/.test(entry.name)) yield at;
  }
}

/** pattern -> the services whose source answers it with @RpcHandler('<pattern>'). */
function handlers(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const service of SERVICE_NAMES) {
    for (const file of sources(path.join(ROOT, 'services', service, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/@RpcHandler\(\s*['"`]([^'"`]+)['"`]\s*\)/g)) {
        found.set(match[1], [...(found.get(match[1]) ?? []), service]);
      }
    }
  }
  return found;
}

describe('RPC_PATTERNS', () => {
  it("has exactly one handler per pattern, in the owner's service, and no handler of an unknown pattern", () => {
    const found = handlers();
    for (const [pattern, owner] of Object.entries(RPC_PATTERNS))
      expect({ pattern, services: found.get(pattern) ?? [] }).toEqual({ pattern, services: [owner] });
    expect([...found.keys()].filter((pattern) => !(pattern in RPC_PATTERNS))).toEqual([]);
  });
});
