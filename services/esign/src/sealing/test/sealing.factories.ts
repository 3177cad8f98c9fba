import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { esignFieldOf, type EsignField, type EsignFieldArea } from '@app/contracts';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import type { SealDocument, SealEvent, SealInput, SealSigner } from '../sealing.types';

export const LETTER: [number, number] = [612, 792];
export const A4: [number, number] = [595.28, 841.89];

/** A PDF with one page per size, each saying which document and page it is. */
export async function pdfFactory(
  name: string,
  sizes: [number, number][],
  options: { rotate?: number; formField?: string; cropBox?: [number, number, number, number] } = {},
): Promise<SealDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  sizes.forEach((size, index) => {
    const page = doc.addPage(size);
    page.drawText(`${name} page ${index + 1}`, { x: 40, y: size[1] - 40, size: 10, font });
    if (options.rotate) page.setRotation(degrees(options.rotate));
    if (options.cropBox) page.setCropBox(...options.cropBox);
  });
  if (options.formField) {
    const field = doc.getForm().createTextField(options.formField);
    field.setText('Original form value');
    field.addToPage(doc.getPage(0), { x: 40, y: 40, width: 200, height: 20 });
  }
  return { name, bytes: await doc.save() };
}

let fieldCount = 0;
export function fieldFactory(overrides: Partial<EsignField> & { areas: EsignFieldArea[] }): EsignField {
  fieldCount += 1;
  return esignFieldOf({
    uuid: randomUUID(),
    role_uuid: 'role-buyer',
    name: `Field ${fieldCount}`,
    type: 'text',
    ...overrides,
  });
}

export function signerFactory(overrides: Partial<SealSigner> = {}): SealSigner {
  return {
    name: 'Zoë Brontë-Łukasz',
    email: 'zoe@example.test',
    role: 'Buyer',
    ip: '203.0.113.7',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    viewed_at: new Date('2024-05-01T12:00:00.000Z'),
    signed_at: new Date('2024-05-01T12:05:00.000Z'),
    ...overrides,
  };
}

export function eventFactory(overrides: Partial<SealEvent> = {}): SealEvent {
  return {
    type: 'completed',
    actor: 'Zoë Brontë-Łukasz',
    email: 'zoe@example.test',
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
    at: new Date('2024-05-01T12:05:00.000Z'),
    detail: null,
    ...overrides,
  };
}

export function sealInputFactory(overrides: Partial<SealInput> & Pick<SealInput, 'documents'>): SealInput {
  return {
    fields: [],
    values: {},
    requestId: 42,
    title: 'Purchase agreement for 12 Elm Street',
    templateNames: ['Purchase agreement'],
    signers: [signerFactory()],
    events: [eventFactory()],
    completedAt: new Date('2024-05-01T12:05:00.000Z'),
    ...overrides,
  };
}

/** An RSA-2048 key made natively (node-forge's pure JS keygen takes seconds): one per test file. */
export function testPrivateKeyPem(): string {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
}

/** A small RGBA PNG: a dark diagonal stroke on transparency, `width` x `height`. */
export function signaturePngDataUrl(width = 60, height = 20): string {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      const ink = Math.abs(y - (x * height) / width) < 2;
      row.set(ink ? [20, 20, 80, 255] : [0, 0, 0, 0], 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
