import { QueryFailedError, type EntityManager } from 'typeorm';
import { preparedQuery } from './prepared-query';

/** A manager over a fake connection recording what it is sent; `own` says whether it holds a query runner. */
function managerOf(own: boolean, fail?: Error) {
  const sent: { name: string; text: string; values: unknown[] }[] = [];
  const released: string[] = [];
  const logged: string[] = [];
  const client = {
    query: async (config: { name: string; text: string; values: unknown[] }) => {
      sent.push(config);
      if (fail) throw fail;
      return { rows: [{ n: config.values[0] }] };
    },
  };
  const runnerOf = (label: string) => ({ isReleased: false, connect: async () => client, release: async () => void released.push(label) });
  const manager = {
    queryRunner: own ? runnerOf('own') : undefined,
    connection: {
      createQueryRunner: () => runnerOf('borrowed'),
      logger: { logQueryError: (error: Error, text: string) => void logged.push(`${error.message}: ${text}`) },
    },
  } as unknown as EntityManager;
  return { manager, sent, released, logged };
}

describe(preparedQuery.name, () => {
  it("runs on the manager's own connection under one name per statement text, and answers the rows", async () => {
    const { manager, sent, released } = managerOf(true);
    expect(await preparedQuery(manager, 'SELECT $1::int AS n', [1])).toEqual([{ n: 1 }]);
    await preparedQuery(manager, 'SELECT $1::int AS n', [2]);
    await preparedQuery(manager, 'SELECT $1::int + 1 AS n', [3]);
    expect(sent.map((s) => s.values)).toEqual([[1], [2], [3]]);
    expect(sent[0].name).toMatch(/^q_[0-9a-f]{20}$/);
    expect(sent[1].name).toBe(sent[0].name);
    expect(sent[2].name).not.toBe(sent[0].name);
    // The transaction's connection stays the transaction's.
    expect(released).toEqual([]);
  });

  it('borrows a connection when the manager holds none, and gives it back', async () => {
    const { manager, released } = managerOf(false);
    await preparedQuery(manager, 'SELECT 1', []);
    expect(released).toEqual(['borrowed']);
  });

  it("fails as manager.query does (TypeORM's QueryFailedError, logged without the values) and gives the connection back", async () => {
    const { manager, released, logged } = managerOf(false, Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }));
    const failure = await preparedQuery(manager, 'SELECT * FROM x WHERE id = $1', ['secret']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('42P01');
    expect(logged).toEqual(['relation "x" does not exist: SELECT * FROM x WHERE id = $1']);
    expect(released).toEqual(['borrowed']);
  });
});
