import { ConfigError, readConfig } from '@app/platform';
import { opsConfigSpec, opsCredentialMatches } from './ops-credential';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe(opsCredentialMatches.name, () => {
  const credential = { username: 'ops', password: 'a-long-operator-password' };

  it('accepts the configured user and password only', () => {
    expect(opsCredentialMatches(basic('ops:a-long-operator-password'), credential)).toBe(true);
    expect(opsCredentialMatches(`basic  ${Buffer.from('ops:a-long-operator-password').toString('base64')}`, credential)).toBe(true);
    for (const header of [
      undefined,
      '',
      basic('ops:a-long-operator-passwor'),
      basic('Ops:a-long-operator-password'),
      basic('ops'),
      'Bearer x',
      'Basic ###',
    ]) {
      expect({ header, ok: opsCredentialMatches(header, credential) }).toEqual({ header, ok: false });
    }
  });

  it('lets nobody in when no password is configured', () => {
    expect(opsCredentialMatches(basic('ops:'), { username: 'ops' })).toBe(false);
    expect(opsCredentialMatches(basic('ops:undefined'), { username: 'ops' })).toBe(false);
  });
});

describe('opsConfigSpec', () => {
  it('defaults the user to ops and leaves the password unset', () => {
    expect(readConfig(opsConfigSpec, {})).toEqual({ OPS_USERNAME: 'ops', OPS_PASSWORD: undefined });
  });

  it('refuses a short password and a user name with a colon, naming the variable', () => {
    expect(() => readConfig(opsConfigSpec, { OPS_PASSWORD: 'short' })).toThrow(
      new ConfigError('OPS_PASSWORD must be at least 16 characters long'),
    );
    expect(() => readConfig(opsConfigSpec, { OPS_USERNAME: 'a:b', OPS_PASSWORD: 'a-long-operator-password' })).toThrow(
      /OPS_USERNAME must not contain a colon/,
    );
  });
});
