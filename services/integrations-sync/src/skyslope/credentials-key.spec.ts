import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CredentialsKeyError, generateCredentialsKey } from './credentials-cipher';
import { CREDENTIALS_KEY_FILE, resolveCredentialsKey } from './credentials-key';

describe('resolveCredentialsKey', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'skyslope-key-')), 'data');
  });
  afterEach(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('takes SKYSLOPE_CREDENTIALS_KEY when set', () => {
    const key = generateCredentialsKey();

    expect(resolveCredentialsKey({ envKey: key, production: true, dataDir })).toEqual({ key, source: 'env' });
  });

  it('refuses a malformed key', () => {
    expect(() => resolveCredentialsKey({ envKey: 'c2hvcnQ=', production: false, dataDir })).toThrow(CredentialsKeyError);
  });

  it('refuses to start in production without a key', () => {
    expect(() => resolveCredentialsKey({ envKey: undefined, production: true, dataDir })).toThrow(
      'SKYSLOPE_CREDENTIALS_KEY is required in production',
    );
  });

  it('generates one under the data folder in development, and keeps it', () => {
    const first = resolveCredentialsKey({ envKey: '', production: false, dataDir });
    const second = resolveCredentialsKey({ envKey: undefined, production: false, dataDir });

    expect(first.source).toBe('generated');
    expect(Buffer.from(first.key, 'base64')).toHaveLength(32);
    expect(second).toEqual({ key: first.key, source: 'file' });
    expect(readFileSync(path.join(dataDir, CREDENTIALS_KEY_FILE), 'utf8').trim()).toBe(first.key);
    expect(statSync(path.join(dataDir, CREDENTIALS_KEY_FILE)).mode & 0o077).toBe(0);
  });
});
