import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { SEAL_REASON, sealRequest } from './seal-request';
import { createSelfSignedP12, openSigningCertificate } from './signing-certificate';
import type { SealInput, SealResult, SigningCertificate } from './sealing.types';
import { pdfText, readPdfContent, type PdfPageContent } from './test/pdf-content';
import {
  A4,
  LETTER,
  eventFactory,
  fieldFactory,
  pdfFactory,
  sealInputFactory,
  signerFactory,
  testPrivateKeyPem,
} from './test/sealing.factories';

// These read PDFs back in a child process (pdfjs-dist, pdfsig) and make RSA keys: seconds each on a loaded 2-core CI
// machine, so the 5 s default of a hook or test is too tight.
jest.setTimeout(30_000);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The seal as a verifier sees it: the PKCS#7 in /Contents checked over the two ByteRange slices with node-forge. */
function verifySeal(pdf: Buffer): { digestMatches: boolean; signatureVerifies: boolean; coversWholeFile: boolean; signer: string } {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.toString('latin1'));
  if (!match) throw new Error('no /ByteRange');
  const [start, length1, offset2, length2] = match.slice(1).map(Number);
  const signedBytes = Buffer.concat([pdf.subarray(start, start + length1), pdf.subarray(offset2, offset2 + length2)]);
  // /Contents <hex> fills the gap between the two ranges: the DER, then zero padding.
  const contents = Buffer.from(pdf.subarray(start + length1 + 1, offset2 - 1).toString('latin1'), 'hex');
  const lengthBytes = contents[1] & 0x7f;
  const derLength = contents[1] < 0x80 ? 2 + contents[1] : 2 + lengthBytes + contents.readUIntBE(2, lengthBytes);
  const der = contents.subarray(0, derLength).toString('binary');
  const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der)) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const attributes = message.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes.find((attribute) => {
    const [oid] = attribute.value as forge.asn1.Asn1[];
    return forge.asn1.derToOid(oid.value as string) === forge.pki.oids.messageDigest;
  })!;
  const [, set] = digestAttribute.value as forge.asn1.Asn1[];
  const messageDigest = forge.util.bytesToHex((set.value as forge.asn1.Asn1[])[0].value as string);
  // The signature is over the DER of the authenticated attributes as a SET.
  const signedAttributes = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const attributesDigest = forge.md.sha256.create().update(forge.asn1.toDer(signedAttributes).getBytes()).digest().getBytes();
  const certificate = message.certificates[0];
  let signatureVerifies = false;
  try {
    signatureVerifies = (certificate.publicKey as forge.pki.rsa.PublicKey).verify(attributesDigest, message.rawCapture.signature);
  } catch {
    signatureVerifies = false;
  }
  return {
    digestMatches: messageDigest === sha256(signedBytes),
    signatureVerifies,
    coversWholeFile: start === 0 && offset2 + length2 === pdf.length,
    signer: certificate.subject.getField('CN').value as string,
  };
}

/** One byte changed inside the first or the second signed range (harmless to the file's structure). */
function tamper(pdf: Buffer, where: 'first range' | 'second range'): Buffer {
  const copy = Buffer.from(pdf);
  // The binary comment under %PDF-1.7 / a letter of the /Reason after /Contents.
  const index = where === 'first range' ? copy.indexOf('%PDF-') + 10 : copy.indexOf(SEAL_REASON) + 3;
  copy[index] = copy[index] ^ 0x01;
  return copy;
}

describe(sealRequest.name, () => {
  const sut = sealRequest;
  let certificate: SigningCertificate;
  let input: SealInput;
  let result: SealResult;
  let pages: PdfPageContent[];
  let workDir: string;
  let privateKeyPem: string;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'esign-seal-'));
    privateKeyPem = testPrivateKeyPem();
    const p12 = await createSelfSignedP12({ commonName: 'Realty e-sign (test)', passphrase: 'test passphrase', privateKeyPem });
    certificate = openSigningCertificate(p12, 'test passphrase', 'test');
    const name = fieldFactory({ name: 'Buyer name', type: 'text', areas: [{ page: 1, x: 0.1, y: 0.1, w: 0.5, h: 0.03 }] });
    const seller = fieldFactory({
      name: 'Seller name',
      type: 'text',
      role_uuid: 'role-seller',
      areas: [{ page: 3, x: 0.1, y: 0.1, w: 0.5, h: 0.03 }],
    });
    input = sealInputFactory({
      documents: [await pdfFactory('Contract', [LETTER, LETTER]), await pdfFactory('Addendum', [A4])],
      templateNames: ['Purchase agreement', 'Lead paint addendum'],
      fields: [name, seller],
      values: { [name.uuid]: 'Zoë Brontë-Łukasz', [seller.uuid]: 'Émile Ørsted' },
      signers: [
        signerFactory(),
        signerFactory({
          name: 'Émile Ørsted',
          email: 'emile@example.test',
          role: 'Seller',
          ip: '2001:db8::5',
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/126.0',
        }),
      ],
      events: [
        eventFactory({
          type: 'sent',
          actor: 'Agent Smith',
          email: 'agent@example.test',
          ip: '198.51.100.1',
          user_agent: 'Mozilla/5.0 (Macintosh)',
          at: new Date('2024-05-01T11:00:00Z'),
        }),
        eventFactory({ type: 'viewed', at: new Date('2024-05-01T12:00:00Z') }),
        eventFactory({ type: 'completed', detail: 'All fields filled' }),
        eventFactory({
          type: 'completed',
          actor: 'Émile Ørsted',
          email: 'emile@example.test',
          ip: '2001:db8::5',
          at: new Date('2024-05-01T13:00:00Z'),
        }),
      ],
    });
    result = await sut(input, certificate);
    pages = readPdfContent(result.pdf);
    writeFileSync(path.join(workDir, 'sealed.pdf'), result.pdf);
  });

  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('hashes the originals, the stamped content and the sealed file', () => {
    expect(result.sha256).toBe(sha256(result.pdf));
    expect(result.originals).toEqual(input.documents.map((document) => ({ name: document.name, sha256: sha256(document.bytes) })));
    expect(result.contentSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the stamped documents and appends the audit certificate after them', () => {
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages[0].items.map((item) => item.str)).toContain('Zoë Brontë-Łukasz');
    expect(pages[2].items.map((item) => item.str)).toContain('Émile Ørsted');
    expect(pages[3].items[0].str).toBe('Audit certificate');
  });

  it('prints the request, each signer with IP and user agent, each original hash and the events on the certificate', () => {
    const text = pdfText(pages.slice(3));
    const expected = [
      'Request id 42',
      input.title,
      'Purchase agreement, Lead paint addendum',
      'Contract',
      'Addendum',
      ...result.originals.map((original) => original.sha256),
      result.contentSha256,
      'Realty e-sign (test)',
      ...input.signers.flatMap((signer) => [signer.name, signer.email, signer.role, signer.ip!, signer.user_agent!]),
      '2024-05-01T12:00:00.000Z',
      '2024-05-01T12:05:00.000Z',
      'sent',
      'viewed',
      'Actor: Agent Smith · Email: agent@example.test · IP: 198.51.100.1',
      'Detail: All fields filled',
    ];
    for (const value of expected) expect(text).toContain(value.replace(/\s+/g, ' '));
  });

  it('wraps a long certificate onto as many pages as it needs, each with its footer', async () => {
    const events = Array.from({ length: 30 }, (_, i) => eventFactory({ type: `mail-${i}`, at: new Date(Date.UTC(2024, 4, 1, 0, i)) }));
    const long = await sut({ ...input, events }, certificate);
    const certificatePages = readPdfContent(long.pdf).slice(3);
    expect(certificatePages.length).toBeGreaterThan(1);
    certificatePages.forEach((page, index) => {
      expect(pdfText([page])).toContain(`Audit certificate · Request 42 · Page ${index + 1} of ${certificatePages.length}`);
    });
    const text = pdfText(certificatePages);
    for (const event of events) expect(text).toContain(event.type);
  });

  it('has no fillable fields but its signature', async () => {
    const doc = await PDFDocument.load(result.pdf);
    expect(
      doc
        .getForm()
        .getFields()
        .map((field) => field.constructor.name),
    ).toEqual(['PDFSignature']);
  });

  it('is sealed over the whole file: the PKCS#7 digest and signature verify with node-forge', () => {
    expect(verifySeal(result.pdf)).toEqual({
      digestMatches: true,
      signatureVerifies: true,
      coversWholeFile: true,
      signer: 'Realty e-sign (test)',
    });
  });

  it.each(['first range', 'second range'] as const)('no longer verifies after one byte changes in the %s', (where) => {
    expect(verifySeal(tamper(result.pdf, where)).digestMatches).toBe(false);
  });

  describe('pdfsig (poppler-utils)', () => {
    const pdfsig = (file: string) => {
      const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
      if (run.error) throw new Error(`pdfsig is not installed (apt-get install poppler-utils): ${run.error.message}`);
      return `${run.stdout}${run.stderr}`;
    };

    it('reports the signature valid and the whole document signed', () => {
      const report = pdfsig(path.join(workDir, 'sealed.pdf'));
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Realty e-sign (test)');
    });

    it.each(['first range', 'second range'] as const)('no longer reports it valid after one byte changes in the %s', (where) => {
      const file = path.join(workDir, `tampered-${where.replace(' ', '-')}.pdf`);
      writeFileSync(file, tamper(result.pdf, where));
      const report = pdfsig(file);
      expect(report).not.toContain('Signature is Valid.');
      expect(report).toMatch(/Digest Mismatch|Signature is Invalid/);
    });
  });

  it('seals with a PKCS#12 made by openssl as well', async () => {
    // As operators make them (openssl 3: AES-256-CBC, PBKDF2 with SHA-256, a SHA-256 MAC): node-forge must open it.
    const key = path.join(workDir, 'key.pem');
    const cert = path.join(workDir, 'cert.pem');
    const p12 = path.join(workDir, 'cert.p12');
    writeFileSync(key, privateKeyPem);
    execFileSync('openssl', ['req', '-new', '-x509', '-key', key, '-out', cert, '-days', '30', '-subj', '/CN=Openssl seal/O=Realty']);
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12, '-passout', 'pass:secret']);
    const opened = openSigningCertificate(readFileSync(p12), 'secret', 'openssl');
    expect(opened.subject).toBe('CN=Openssl seal, O=Realty');
    const sealed = await sut({ ...input, fields: [], values: {} }, opened);
    expect(verifySeal(sealed.pdf)).toEqual({ digestMatches: true, signatureVerifies: true, coversWholeFile: true, signer: 'Openssl seal' });
  });
});
