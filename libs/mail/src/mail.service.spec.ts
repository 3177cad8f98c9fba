import type { EntityManager } from 'typeorm';
import { EventOutbox } from '@app/events';
import { MAIL_QUEUE, type MailModuleOptions } from './mail.options';
import { MailService } from './mail.service';

const options: MailModuleOptions = {
  service: 'identity',
  redisUrl: 'redis://unused',
  queuePrefix: 'unit',
  driver: 'mailbox',
  mailDir: '/tmp/unused',
  from: 'Realty <no-reply@realty.test>',
  process: false,
  attempts: 3,
  backoffMs: 50,
};

function managerOf(inTransaction: boolean) {
  const queries: { sql: string; params: unknown[] }[] = [];
  // The outbox writes through the transaction's own connection (prepared statements).
  const client = {
    query: async (config: { text: string; values: unknown[] }) => (queries.push({ sql: config.text, params: config.values }), { rows: [] }),
  };
  const manager = {
    queryRunner: { isTransactionActive: inTransaction, isReleased: false, connect: async () => client },
    query: async (sql: string, params: unknown[] = []) => void queries.push({ sql, params }),
  } as unknown as EntityManager;
  return { manager, queries };
}

const message = { id: 'reset-1', to: 'agent@demo-realty.test', subject: 'Reset', text: 'Body' };

describe(`${MailService.name}.sendInTransaction`, () => {
  const outbox = new EventOutbox({ service: 'identity', schema: 'identity', databaseUrl: 'postgres://unused', redisUrl: 'redis://unused' });

  it('refuses to run outside a transaction and writes nothing', async () => {
    const { manager, queries } = managerOf(false);
    await expect(new MailService(options, outbox).sendInTransaction(manager, message)).rejects.toThrow(
      'MailService.sendInTransaction(reset-1) must run inside a database transaction',
    );
    expect(queries).toEqual([]);
  });

  it('refuses without the event bus (a bare mail worker process)', async () => {
    const { manager } = managerOf(true);
    await expect(new MailService(options).sendInTransaction(manager, message)).rejects.toThrow('needs the event bus');
  });

  it('writes the mail as an outbox job for mail.outgoing under its message id, with the queue options of send()', async () => {
    const { manager } = managerOf(true);
    const enqueue = jest.spyOn(outbox, 'enqueueMany');
    const sut = new MailService(options, outbox);
    await sut.sendInTransaction(manager, message, { team_id: 4 });
    expect(enqueue).toHaveBeenCalledWith(
      manager,
      MAIL_QUEUE,
      [
        {
          name: 'send',
          data: { ...message, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
          options: {
            jobId: 'reset-1',
            attempts: 3,
            backoff: { type: 'exponential', delay: 50 },
            removeOnComplete: { age: 86400, count: 10000 },
            removeOnFail: { age: 604800 },
          },
        },
      ],
      { team_id: 4 },
    );
  });

  it('writes several mails of one change in one statement', async () => {
    const { manager, queries } = managerOf(true);
    await new MailService(options, outbox).sendAllInTransaction(manager, [message, { ...message, id: 'reset-2' }]);
    expect(queries.filter((q) => q.sql.includes('INSERT INTO "identity".outbox'))).toHaveLength(1);
    expect(JSON.parse(queries[0].params[4] as string).map((row: { job_id: string }) => row.job_id)).toEqual(['reset-1', 'reset-2']);
  });
});
