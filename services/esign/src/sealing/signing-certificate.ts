import { generateKeyPair, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { SigningCertificate, SigningCertificateConfig } from './sealing.types';

/** Where development keeps its generated certificate, under ESIGN_DATA_DIR. */
export const DEVELOPMENT_P12_FILE = 'sealing.p12';
export const DEVELOPMENT_PASSPHRASE_FILE = 'sealing.p12.passphrase';
const DEVELOPMENT_COMMON_NAME = 'Realty e-sign (development)';
// How long a process waits for another that is writing the development certificate.
const WAIT_FOR_OTHER_WRITER_MS = 20_000;
// A passphrase file this old without its PKCS#12 is a claim nobody will finish (the winner writes both within milliseconds).
const STALE_CLAIM_MS = 10_000;

export class SigningCertificateError extends Error {}

/**
 * The certificate that seals completed PDFs: ESIGN_P12_BASE64 + ESIGN_P12_PASSPHRASE; else, outside
 * production, a self-signed one generated on first use and kept under ESIGN_DATA_DIR. Production
 * without it throws. Opening the PKCS#12 here means a wrong passphrase fails at start, not at the
 * first completed request.
 */
export async function loadSigningCertificate(config: SigningCertificateConfig): Promise<SigningCertificate> {
  const base64 = config.ESIGN_P12_BASE64.replace(/\s+/g, '');
  if (base64) {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64))
      throw new SigningCertificateError('ESIGN_P12_BASE64 is not base64 (expected a base64-encoded PKCS#12 file)');
    return openSigningCertificate(Buffer.from(base64, 'base64'), config.ESIGN_P12_PASSPHRASE, 'ESIGN_P12_BASE64');
  }
  if (config.NODE_ENV === 'production') {
    throw new SigningCertificateError(
      'ESIGN_P12_BASE64 is empty: production seals completed PDFs only with a real certificate (a base64 PKCS#12 file and its ESIGN_P12_PASSPHRASE)',
    );
  }
  return developmentCertificate(config.ESIGN_DATA_DIR);
}

/** The key and certificate of a PKCS#12 file, checked the way @signpdf/signer-p12 will read them. */
export function openSigningCertificate(
  p12: Buffer,
  passphrase: string,
  source: string,
): SigningCertificate & { certificate: forge.pki.Certificate } {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
  } catch (error) {
    throw new SigningCertificateError(
      `${source} cannot be opened with its passphrase: wrong ESIGN_P12_PASSPHRASE or not a PKCS#12 file (${(error as Error).message})`,
    );
  }
  // P12Signer reads only pkcs8ShroudedKeyBag keys (a key stored in the clear is ignored).
  const key = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0]?.key as
    forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SigningCertificateError(`${source} holds no encrypted private key (export the PKCS#12 with a passphrase)`);
  const certificates = (parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => !!cert);
  const certificate = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!certificate) throw new SigningCertificateError(`${source} holds no certificate for its private key`);
  return { p12, passphrase, subject: distinguishedName(certificate), certificate };
}

/** 'CN=Realty e-sign (development), O=Realty'. */
function distinguishedName(certificate: forge.pki.Certificate): string {
  return certificate.subject.attributes
    .map((attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${attribute.value}`)
    .join(', ');
}

/** SHA-256 (hex) of the certificate's DER: the same file gives the same fingerprint. */
export function signingCertificateFingerprint(certificate: SigningCertificate): string {
  const { certificate: cert } = openSigningCertificate(certificate.p12, certificate.passphrase, 'the certificate');
  return forge.md.sha256
    .create()
    .update(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes())
    .digest()
    .toHex();
}

export interface SelfSignedOptions {
  commonName: string;
  passphrase: string;
  /** PKCS#8 or PKCS#1 PEM; a new RSA-2048 key when absent. */
  privateKeyPem?: string;
  validDays?: number;
}

/** A self-signed RSA certificate for signing documents, as a PKCS#12 file (key encrypted with the passphrase). */
export async function createSelfSignedP12(options: SelfSignedOptions): Promise<Buffer> {
  // node:crypto makes the key (native, ~0.1 s); node-forge's own keygen is pure JS and takes seconds.
  const privateKeyPem =
    options.privateKeyPem ??
    (
      await promisify(generateKeyPair)('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      })
    ).privateKey;
  const key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial: the top bit clear.
  cert.serialNumber = '01' + randomBytes(15).toString('hex');
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 24 * 3600_000);
  cert.validity.notAfter = new Date(now + (options.validDays ?? 3650) * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: options.commonName },
    { name: 'organizationName', value: 'Realty' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], options.passphrase, { algorithm: 'aes256', friendlyName: options.commonName });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/**
 * The development certificate under `dir`, generated by the first process that needs it. The
 * passphrase file is created exclusively ('wx') as the claim, and the PKCS#12 is renamed into
 * place after it, so a reader that sees sealing.p12 always finds its passphrase, and two
 * processes starting at once end with one certificate.
 */
async function developmentCertificate(dir: string, attempt = 1): Promise<SigningCertificate> {
  const p12Path = path.join(dir, DEVELOPMENT_P12_FILE);
  const passphrasePath = path.join(dir, DEVELOPMENT_PASSPHRASE_FILE);
  const stored = await readStored(p12Path, passphrasePath);
  if (stored) return stored;

  await mkdir(dir, { recursive: true });
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = await createSelfSignedP12({ commonName: DEVELOPMENT_COMMON_NAME, passphrase });
  try {
    await writeFile(passphrasePath, passphrase, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A claim with no certificate long after: left by a start that died between its two writes.
    const claimed = await stat(passphrasePath).catch(notFoundAsNull);
    if (attempt === 1 && claimed && Date.now() - claimed.mtimeMs > STALE_CLAIM_MS && !(await stat(p12Path).catch(notFoundAsNull))) {
      await unlink(passphrasePath).catch(notFoundAsNull);
      return developmentCertificate(dir, attempt + 1);
    }
    // Another process claimed it first: use its certificate.
    return waitForStored(p12Path, passphrasePath);
  }
  const temporary = `${p12Path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, p12, { mode: 0o600 });
  await rename(temporary, p12Path);
  return openDevelopment(p12, passphrase, p12Path);
}

function openDevelopment(p12: Buffer, passphrase: string, p12Path: string): SigningCertificate {
  try {
    const { subject } = openSigningCertificate(p12, passphrase, p12Path);
    return { p12, passphrase, subject };
  } catch (error) {
    throw new SigningCertificateError(`${(error as Error).message}; delete ${p12Path} and its passphrase file to generate a new one`);
  }
}

async function readStored(p12Path: string, passphrasePath: string): Promise<SigningCertificate | null> {
  const p12 = await readFile(p12Path).catch(notFoundAsNull);
  if (!p12) return null;
  const passphrase = await readFile(passphrasePath, 'utf8').catch(notFoundAsNull);
  if (passphrase === null)
    throw new SigningCertificateError(`${passphrasePath} is missing; delete ${p12Path} to generate a new development certificate`);
  return openDevelopment(p12, passphrase.trim(), p12Path);
}

async function waitForStored(p12Path: string, passphrasePath: string): Promise<SigningCertificate> {
  const deadline = Date.now() + WAIT_FOR_OTHER_WRITER_MS;
  for (;;) {
    const stored = await readStored(p12Path, passphrasePath);
    if (stored) return stored;
    if (Date.now() > deadline) {
      throw new SigningCertificateError(
        `${p12Path} did not appear within ${WAIT_FOR_OTHER_WRITER_MS / 1000} s of ${passphrasePath}; delete both to generate a new one`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function notFoundAsNull(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT') return null;
  throw error;
}
