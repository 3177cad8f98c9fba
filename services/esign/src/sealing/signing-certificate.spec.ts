import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEVELOPMENT_P12_FILE,
  DEVELOPMENT_PASSPHRASE_FILE,
  SigningCertificateError,
  createSelfSignedP12,
  loadSigningCertificate,
  signingCertificateFingerprint,
} from './signing-certificate';
import type { SigningCertificateConfig } from './sealing.types';
import { testPrivateKeyPem } from './test/sealing.factories';

// These read PDFs back in a child process (pdfjs-dist, pdfsig) and make RSA keys: seconds each on a loaded 2-core CI
// machine, so the 5 s default of a hook or test is too tight.
jest.setTimeout(30_000);

describe(loadSigningCertificate.name, () => {
  const sut = loadSigningCertificate;
  let dataDir: string;
  let providedP12: Buffer;

  beforeAll(async () => {
    providedP12 = await createSelfSignedP12({
      commonName: 'Realty Brokerage seal',
      passphrase: 'correct horse',
      privateKeyPem: testPrivateKeyPem(),
    });
  });
  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'esign-cert-')), 'esign');
  });
  afterEach(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  const config = (overrides: Partial<SigningCertificateConfig> = {}): SigningCertificateConfig => ({
    NODE_ENV: 'development',
    ESIGN_P12_BASE64: '',
    ESIGN_P12_PASSPHRASE: '',
    ESIGN_DATA_DIR: dataDir,
    ...overrides,
  });

  it('generates a self-signed certificate on first use outside production, keeps it and reuses it', async () => {
    const first = await sut(config());
    expect(first.subject).toBe('CN=Realty e-sign (development), O=Realty');
    expect(readdirSync(dataDir).sort()).toEqual([DEVELOPMENT_P12_FILE, DEVELOPMENT_PASSPHRASE_FILE]);
    // Owner only: the file holds a private key.
    expect(statSync(path.join(dataDir, DEVELOPMENT_P12_FILE)).mode & 0o777).toBe(0o600);

    const second = await sut(config());
    expect(signingCertificateFingerprint(second)).toBe(signingCertificateFingerprint(first));
    expect(second.passphrase).toBe(first.passphrase);
  });

  it('ends with one certificate when two processes start at once', async () => {
    const [a, b] = await Promise.all([sut(config()), sut(config())]);
    expect(signingCertificateFingerprint(a)).toBe(signingCertificateFingerprint(b));
    expect(signingCertificateFingerprint(await sut(config()))).toBe(signingCertificateFingerprint(a));
    expect(readdirSync(dataDir).sort()).toEqual([DEVELOPMENT_P12_FILE, DEVELOPMENT_PASSPHRASE_FILE]);
  });

  it('uses ESIGN_P12_BASE64 and its passphrase when set, in production too, and writes nothing', async () => {
    const certificate = await sut(
      config({ NODE_ENV: 'production', ESIGN_P12_BASE64: providedP12.toString('base64'), ESIGN_P12_PASSPHRASE: 'correct horse' }),
    );
    expect(certificate).toMatchObject({ passphrase: 'correct horse', subject: 'CN=Realty Brokerage seal, O=Realty' });
    expect(certificate.p12.equals(providedP12)).toBe(true);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('accepts the base64 wrapped over several lines', async () => {
    const wrapped = providedP12.toString('base64').replace(/(.{64})/g, '$1\n');
    await expect(sut(config({ ESIGN_P12_BASE64: wrapped, ESIGN_P12_PASSPHRASE: 'correct horse' }))).resolves.toMatchObject({
      subject: 'CN=Realty Brokerage seal, O=Realty',
    });
  });

  it('refuses production without ESIGN_P12_BASE64 and generates nothing', async () => {
    await expect(sut(config({ NODE_ENV: 'production' }))).rejects.toThrow(SigningCertificateError);
    await expect(sut(config({ NODE_ENV: 'production' }))).rejects.toThrow(/^ESIGN_P12_BASE64 is empty/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('says so when the passphrase is wrong', async () => {
    await expect(sut(config({ ESIGN_P12_BASE64: providedP12.toString('base64'), ESIGN_P12_PASSPHRASE: 'wrong' }))).rejects.toThrow(
      'ESIGN_P12_BASE64 cannot be opened with its passphrase: wrong ESIGN_P12_PASSPHRASE or not a PKCS#12 file',
    );
  });

  it('says so when ESIGN_P12_BASE64 is not base64 or not a PKCS#12 file', async () => {
    await expect(sut(config({ ESIGN_P12_BASE64: 'not base64!' }))).rejects.toThrow('ESIGN_P12_BASE64 is not base64');
    await expect(sut(config({ ESIGN_P12_BASE64: Buffer.from('hello').toString('base64') }))).rejects.toThrow('not a PKCS#12 file');
  });
});
