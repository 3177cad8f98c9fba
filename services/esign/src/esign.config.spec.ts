import { docusealConfigProblem, loadEsignConfig } from './esign.config';

/** loadEsignConfig under `env`: the config, or the exit code it stopped with, and what it wrote to stderr. */
function startWith(env: Record<string, string>) {
  const written: string[] = [];
  jest.replaceProperty(process, 'env', { ...env });
  jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
  jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
    throw Object.assign(new Error('exit'), { code });
  }) as never);
  try {
    return { config: loadEsignConfig(), code: null, written };
  } catch (error) {
    return { config: null, code: (error as { code?: number }).code ?? null, written };
  }
}
afterEach(() => jest.restoreAllMocks());

describe('the DocuSeal settings', () => {
  const docuseal = {
    ESIGN_PROVIDER: 'docuseal' as const,
    DOCUSEAL_URL: 'https://docuseal.example.com/api',
    DOCUSEAL_API_KEY: 'the-secret-key',
  };

  it('are required with ESIGN_PROVIDER=docuseal, and only then', () => {
    expect(docusealConfigProblem(docuseal)).toBeNull();
    expect(docusealConfigProblem({ ...docuseal, ESIGN_PROVIDER: 'own', DOCUSEAL_URL: '', DOCUSEAL_API_KEY: '' })).toBeNull();
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_URL: '' })).toMatch(/^DOCUSEAL_URL is missing \(expected the DocuSeal API base/);
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_URL: 'docuseal.example.com' })).toMatch(/^DOCUSEAL_URL is not a valid URL/);
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_URL: 'ftp://docuseal.example.com/api' })).toBe(
      'DOCUSEAL_URL must start with https:// or http://',
    );
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_API_KEY: '  ' })).toMatch(/^DOCUSEAL_API_KEY is missing/);
  });

  it('never repeat the key', () => {
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_URL: 'https://user:the-secret-key@docuseal.example.com/api' })).not.toContain(
      'the-secret-key',
    );
  });
});

describe('loadEsignConfig with ESIGN_PROVIDER=docuseal', () => {
  const base = {
    NODE_ENV: 'development',
    DATABASE_URL: 'postgres://localhost/realty',
    REDIS_URL: 'redis://localhost:6379',
    JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    ESIGN_PROVIDER: 'docuseal',
  };
  const start = startWith;

  it('refuses to start (exit 78) without DOCUSEAL_URL or DOCUSEAL_API_KEY, naming the setting', () => {
    const noUrl = start({ ...base, DOCUSEAL_API_KEY: 'the-secret-key' });
    expect(noUrl.code).toBe(78);
    expect(noUrl.written.join('')).toMatch(/^\[esign\] refusing to start: DOCUSEAL_URL is missing/);
    const noKey = start({ ...base, DOCUSEAL_URL: 'https://docuseal.example.com/api' });
    expect(noKey.code).toBe(78);
    expect(noKey.written.join('')).toContain('DOCUSEAL_API_KEY is missing');
  });

  it('starts with both, and never writes the key', () => {
    const started = start({ ...base, DOCUSEAL_URL: 'https://docuseal.example.com/api', DOCUSEAL_API_KEY: 'the-secret-key' });
    expect(started.code).toBeNull();
    expect(started.config).toMatchObject({ ESIGN_PROVIDER: 'docuseal', DOCUSEAL_URL: 'https://docuseal.example.com/api' });
    expect(started.written.join('')).not.toContain('the-secret-key');
  });
});

describe('ESIGN_DRAFT_RETENTION_DAYS', () => {
  const base = {
    NODE_ENV: 'development',
    DATABASE_URL: 'postgres://localhost/realty',
    REDIS_URL: 'redis://localhost:6379',
    JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
  };
  const start = (env: Record<string, string>) => startWith({ ...base, ...env });

  it('is 30 days unless set, and takes a whole number of days from 1 to 365', () => {
    expect(start({}).config?.ESIGN_DRAFT_RETENTION_DAYS).toBe(30);
    expect(start({ ESIGN_DRAFT_RETENTION_DAYS: '7' }).config?.ESIGN_DRAFT_RETENTION_DAYS).toBe(7);
    expect(start({ ESIGN_DRAFT_RETENTION_DAYS: '365' }).config?.ESIGN_DRAFT_RETENTION_DAYS).toBe(365);
  });

  it('refuses to start (exit 78) on anything else, naming the setting', () => {
    for (const bad of ['0', '366', '1.5', '-3', 'thirty']) {
      const refused = start({ ESIGN_DRAFT_RETENTION_DAYS: bad });
      expect(refused.code).toBe(78);
      expect(refused.written.join('')).toContain(`ESIGN_DRAFT_RETENTION_DAYS must be a whole number from 1 to 365, got "${bad}"`);
    }
  });
});
