import { QueryErrorLogger } from './query-error-logger';

describe('QueryErrorLogger', () => {
  it('logs the failed SQL and the error, never the parameters', () => {
    const lines: string[] = [];
    const logger = new QueryErrorLogger('identity', (line) => lines.push(line));
    logger.logQueryError(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      'INSERT INTO identity.users\n  (email, password_hash) VALUES ($1, $2)',
      ['someone@example.test', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
    );
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({
      level: 'error',
      schema: 'identity',
      msg: 'query failed',
      error: 'duplicate key value violates unique constraint "users_email_key"',
      query: 'INSERT INTO identity.users (email, password_hash) VALUES ($1, $2)',
    });
    expect(Object.keys(entry)).not.toContain('parameters');
    expect(lines[0]).not.toContain('$argon2id$');
    expect(lines[0]).not.toContain('someone@example.test');
  });
});
