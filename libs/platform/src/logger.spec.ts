import { Writable } from 'node:stream';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('never writes passwords, tokens or SkySlope keys, in headers or in an object one level down', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('test', 'info', sink);
    logger.info(
      {
        req: { headers: { authorization: 'Bearer secret-token', cookie: 'refresh=secret-cookie' } },
        body: {
          password: 'secret-password',
          accessKey: 'secret-access-key',
          accessSecret: 'secret-access-secret',
          refresh_token: 'secret-refresh',
        },
        row: { access_key_encrypted: 'v1.secret-cipher', access_secret: 'secret-plain' },
      },
      'a request',
    );
    const text = lines.join('');
    expect(text).toContain('a request');
    expect(text).not.toMatch(/secret-/);
    expect(text.match(/\[redacted\]/g)?.length).toBe(8);
  });
});
