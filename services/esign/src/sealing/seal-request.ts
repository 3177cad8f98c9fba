import { createHash } from 'node:crypto';
import fontkit from '@pdf-lib/fontkit';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument } from 'pdf-lib';
import { appendAuditCertificate } from './audit-certificate';
import { stampDocuments } from './stamp-documents';
import type { SealInput, SealResult, SigningCertificate } from './sealing.types';

export const SEAL_REASON = 'Signed with Realty e-sign';
const SEAL_PRODUCER = 'Realty e-sign';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Stamp + audit certificate pages + PKCS#7 seal. */
export async function sealRequest(input: SealInput, certificate: SigningCertificate): Promise<SealResult> {
  const originals = input.documents.map((document) => ({ name: document.name, sha256: sha256Hex(document.bytes) }));
  const stamped = await stampDocuments(input);
  const contentSha256 = sha256Hex(stamped);

  // The certificate pages go after exactly the bytes whose hash they print.
  const doc = await PDFDocument.load(stamped);
  doc.registerFontkit(fontkit);
  const firstCertificatePage = await appendAuditCertificate(doc, {
    requestId: input.requestId,
    title: input.title,
    templateNames: input.templateNames,
    originals,
    contentSha256,
    signers: input.signers,
    events: input.events,
    completedAt: input.completedAt,
    sealedBy: certificate.subject,
  });
  doc.setTitle(input.title);
  doc.setSubject(`E-sign request ${input.requestId}, sealed with its audit certificate`);
  doc.setProducer(SEAL_PRODUCER);
  doc.setCreator(SEAL_PRODUCER);

  const signingTime = new Date();
  const sealName = ascii(commonName(certificate.subject));
  pdflibAddPlaceholder({
    pdfPage: firstCertificatePage,
    reason: SEAL_REASON,
    contactInfo: ascii(`${SEAL_PRODUCER}, request ${input.requestId}`),
    name: sealName,
    location: 'Online',
    signingTime,
    // The PKCS#7 carries the certificates of the PKCS#12 (a chain may be several KB); hex doubles it.
    signatureLength: Math.max(8192, certificate.p12.length * 2 + 4096),
    appName: SEAL_PRODUCER,
  });
  // Without object streams the signature dictionary stays a plain object @signpdf can find and fill.
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  const pdf = await new SignPdf().sign(unsigned, new P12Signer(certificate.p12, { passphrase: certificate.passphrase }), signingTime);
  return { pdf, sha256: sha256Hex(pdf), contentSha256, originals };
}

function commonName(subject: string): string {
  return /(?:^|,\s*)CN=([^,]+)/.exec(subject)?.[1]?.trim() || subject;
}

// pdflibAddPlaceholder writes these as literal PDF strings (PDFString.of), which carry bytes, not
// Unicode: keep them printable ASCII.
function ascii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}
