import type { EntityManager } from 'typeorm';
import { EventOutbox, jobIdProblem } from './event-outbox';

/** A manager whose query runner is (or is not) in a transaction, recording the SQL its connection is given. */
function managerOf(inTransaction: boolean) {
  const queries: { sql: string; params: unknown[]; name?: string }[] = [];
  const client = {
    query: async (config: { name: string; text: string; values: unknown[] }) => {
      queries.push({ sql: config.text, params: config.values, name: config.name });
      return { rows: [] };
    },
  };
  const manager = {
    queryRunner: { isTransactionActive: inTransaction, isReleased: false, connect: async () => client },
    query: async (sql: string, params: unknown[] = []) => {
      queries.push({ sql, params });
      return [];
    },
  } as unknown as EntityManager;
  return { manager, queries };
}

describe(EventOutbox.name, () => {
  const sut = new EventOutbox({ service: 'messaging', schema: 'messaging', databaseUrl: 'postgres://unused', redisUrl: 'redis://unused' });

  describe('enqueue and enqueueMany', () => {
    it('refuses to run outside a transaction, like publish, and writes nothing', async () => {
      const { manager, queries } = managerOf(false);
      await expect(sut.enqueue(manager, 'mail.outgoing', 'send', { id: 'm-1' })).rejects.toThrow(
        'EventOutbox.enqueue(mail.outgoing, send) must run inside a database transaction',
      );
      await expect(sut.publish(manager, 'messaging.mail.failed', null, { message_id: 'm-1' })).rejects.toThrow(
        'must run inside a database transaction',
      );
      const noRunner = { query: manager.query } as unknown as EntityManager;
      await expect(sut.enqueue(noRunner, 'mail.outgoing', 'send', { id: 'm-1' })).rejects.toThrow('must run inside a database transaction');
      await expect(sut.enqueueMany(manager, 'mail.outgoing', [{ name: 'send', data: {} }])).rejects.toThrow(
        'must run inside a database transaction',
      );
      expect(queries).toEqual([]);
    });

    it('writes several jobs of a queue in one statement, in order, each with its own job id', async () => {
      const { manager, queries } = managerOf(true);
      const jobs = await sut.enqueueMany(manager, 'mail.outgoing', [
        { name: 'send', data: { id: 'a' }, options: { jobId: 'mail-a' } },
        { name: 'send', data: { id: 'b' } },
      ]);
      expect(jobs.map((j) => j.jobId)).toEqual(['mail-a', jobs[1].id]);
      expect(queries).toHaveLength(1);
      expect(JSON.parse(queries[0].params[4] as string).map((row: { payload: unknown }) => row.payload)).toEqual([
        { id: 'a' },
        { id: 'b' },
      ]);
      expect(await sut.enqueueMany(manager, 'mail.outgoing', [])).toEqual([]);
    });

    it('writes one outbox row for the queue (name, data, job id, options apart) and wakes the relay', async () => {
      const { manager, queries } = managerOf(true);
      const job = await sut.enqueue(
        manager,
        'mail.outgoing',
        'send',
        { id: 'dm-7-to-3', to: 'a@b.test' },
        { jobId: 'dm-7-to-3', attempts: 5, backoff: { type: 'exponential', delay: 1000 } },
        { team_id: 12 },
      );
      expect(job.jobId).toBe('dm-7-to-3');
      expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
      // One statement writes the row and wakes the relay, prepared once per connection under a name of its text.
      expect(queries).toHaveLength(1);
      expect(queries[0].sql).toContain('INSERT INTO "messaging".outbox');
      expect(queries[0].sql).toContain("SELECT pg_notify($6, '')");
      expect(queries[0].name).toMatch(/^q_[0-9a-f]{20}$/);
      expect(queries[0].params).toEqual([12, null, null, 'mail.outgoing', expect.any(String), 'outbox_messaging']);
      expect(JSON.parse(queries[0].params[4] as string)).toEqual([
        {
          id: job.id,
          type: 'send',
          payload: { id: 'dm-7-to-3', to: 'a@b.test' },
          job_id: 'dm-7-to-3',
          job_options: { attempts: 5, backoff: { type: 'exponential', delay: 1000 } },
        },
      ]);
    });

    it("uses the row's id as the job id when none is given", async () => {
      const { manager, queries } = managerOf(true);
      const job = await sut.enqueue(manager, 'recompute-team-due-dates', 'recompute-team-due-dates', { team_id: 1, revision: 2 });
      expect(job.jobId).toBe(job.id);
      expect(JSON.parse(queries[0].params[4] as string)[0].job_id).toBeNull();
    });

    it("refuses a job id BullMQ would refuse (it fails the whole batch), inside the caller's transaction", async () => {
      const { manager, queries } = managerOf(true);
      await expect(sut.enqueue(manager, 'seal-request', 'seal-request', { esig_request_id: 1 }, { jobId: 'seal:1' })).rejects.toThrow(
        "contains ':'",
      );
      await expect(sut.enqueue(manager, 'seal-request', 'seal-request', { esig_request_id: 1 }, { jobId: '42' })).rejects.toThrow(
        'is an integer',
      );
      expect(queries).toEqual([]);
    });
  });

  it.each([
    ['seal-12', null],
    ['dm-3-to-4', null],
    ['', 'a job id must be a non-empty string'],
    ['17', 'job id 17 is an integer (BullMQ refuses those)'],
    ['a:b', "job id a:b contains ':' (BullMQ refuses those)"],
  ])('jobIdProblem(%p) is %p', (jobId, problem) => {
    expect(jobIdProblem(jobId)).toBe(problem);
  });
});
