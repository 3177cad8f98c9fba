import { docusealConfigProblem } from './esign.config';

describe('the DocuSeal settings', () => {
  const docuseal = { ESIGN_PROVIDER: 'docuseal' as const, DOCUSEAL_URL: 'https://docuseal.example.com/api', DOCUSEAL_API_KEY: 'the-secret-key' };

  it('are required with ESIGN_PROVIDER=docuseal, and only then', () => {
    expect(docusealConfigProblem(docuseal)).toBeNull();
    expect(docusealConfigProblem({ ...docuseal, ESIGN_PROVIDER: 'own', DOCUSEAL_URL: '', DOCUSEAL_API_KEY: '' })).toBeNull();
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_URL: '' })).toMatch(/^DOCUSEAL_URL is missing \(expected the DocuSeal API base/);
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_URL: 'docuseal.example.com' })).toMatch(/^DOCUSEAL_URL is not a valid URL/);
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_URL: 'ftp://docuseal.example.com/api' })).toBe('DOCUSEAL_URL must start with https:// or http://');
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_API_KEY: '  ' })).toMatch(/^DOCUSEAL_API_KEY is missing/);
  });

  it('never repeat the key', () => {
    expect(docusealConfigProblem({ ...docuseal, DOCUSEAL_URL: 'https://user:the-secret-key@docuseal.example.com/api' })).not.toContain('the-secret-key');
  });
});
