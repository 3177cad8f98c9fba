// Queue names live in one place (libs/contracts/src/queues.ts): the operators' board shows exactly the
// catalogue, so a queue created under a name of its own would be invisible there.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allQueueNames, eventsQueueOf, JOB_QUEUES, QUEUE_CATALOGUE, SERVICE_NAMES } from '@app/contracts';

const ROOT = path.resolve(__dirname, '..', '..');

function* productionSources(relativeDir: string): Generator<string> {
  for (const entry of readdirSync(path.join(ROOT, relativeDir), { withFileTypes: true })) {
    const relative = `${relativeDir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'test'].includes(entry.name)) yield* productionSources(relative);
    } else if (entry.name.endsWith('.ts') && !/\.(spec|e2e-spec|d)\.ts$/.test(entry.name)) {
      yield relative;
    }
  }
}

describe('QUEUE_CATALOGUE', () => {
  it('names every events queue and job queue once', () => {
    const names = allQueueNames();
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining([...SERVICE_NAMES.map(eventsQueueOf), ...Object.values(JOB_QUEUES)]));
    expect(names).toHaveLength(SERVICE_NAMES.length + Object.keys(JOB_QUEUES).length);
    for (const queue of QUEUE_CATALOGUE) expect(queue.carries.length).toBeGreaterThan(0);
  });

  it('is where services and libs take their queue names from (no Queue or Worker named by a string literal)', () => {
    const literal = /new\s+(Queue|Worker|QueueEvents)\s*(<[^>]*>)?\s*\(\s*['"`]/;
    const offenders = ['services', 'libs']
      .flatMap((dir) => [...productionSources(dir)])
      .filter((file) => literal.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
