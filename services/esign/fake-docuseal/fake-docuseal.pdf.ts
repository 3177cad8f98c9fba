import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

// Real PDFs for the fake's files: signed documents (the template's pages with each completed party's
// values drawn in their field areas), the audit log and the combined document (both together). Only
// pdf-lib's standard fonts, so no font files are needed.

/** A 1x1 transparent PNG: the fake's drawn signatures and page preview images. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface PdfPageSize {
  width: number;
  height: number;
}

/** A value drawn into a field area; x, y, w, h are shares of the page (DocuSeal's area units), page from 0. */
export interface PdfStamp {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
  text: string;
  signature: boolean;
}

export interface AuditEntry {
  at: string;
  what: string;
  who: string;
  ip?: string;
  ua?: string;
}

/** The standard fonts encode WinAnsi only: anything else becomes '?' rather than an exception. */
export function pdfSafe(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** Page sizes of a PDF; throws when the bytes are not one (the caller answers 422). */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfPageSize[]> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const pages = doc.getPages().map((page) => page.getSize());
  if (pages.length === 0) throw new Error('PDF has no pages');
  return pages;
}

function fitText(text: string, font: PDFFont, maxWidth: number, size: number): string {
  let fitted = pdfSafe(text);
  while (fitted.length > 1 && font.widthOfTextAtSize(fitted, size) > maxWidth) fitted = fitted.slice(0, -1);
  return fitted;
}

/** The source PDF with each stamp drawn in its area and a footer line on every page. */
export async function stampPdf(source: Uint8Array, stamps: PdfStamp[], footer: string, title: string): Promise<Buffer> {
  const doc = await PDFDocument.load(source, { ignoreEncryption: true });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const pages = doc.getPages();
  for (const stamp of stamps) {
    const page: PDFPage | undefined = pages[stamp.page];
    if (!page) continue;
    const { width, height } = page.getSize();
    const box = {
      x: stamp.x * width,
      y: height - (stamp.y + stamp.h) * height,
      width: Math.max(stamp.w * width, 4),
      height: Math.max(stamp.h * height, 4),
    };
    const size = Math.max(5, Math.min(12, box.height * 0.7));
    const usedFont = stamp.signature ? italic : font;
    if (stamp.signature) page.drawRectangle({ ...box, borderColor: rgb(0.1, 0.2, 0.6), borderWidth: 0.75 });
    page.drawText(fitText(stamp.text, usedFont, box.width - 2, size), {
      x: box.x + 1,
      y: box.y + (box.height - size) / 2 + 1,
      size,
      font: usedFont,
      color: stamp.signature ? rgb(0.1, 0.2, 0.6) : rgb(0, 0, 0),
    });
  }
  for (const page of pages) {
    const { width } = page.getSize();
    page.drawText(fitText(footer, font, width - 40, 6), { x: 20, y: 8, size: 6, font, color: rgb(0.4, 0.4, 0.4) });
  }
  doc.setTitle(pdfSafe(title));
  doc.setProducer('Fake DocuSeal');
  return Buffer.from(await doc.save());
}

/** The audit log: the submission's parties and every event with its time, IP and user agent. */
export async function auditLogPdf(title: string, parties: string[], entries: AuditEntry[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [612, 792];
  let page = doc.addPage([width, height]);
  let y = height - 50;
  const line = (text: string, options: { size?: number; bold?: boolean; indent?: number } = {}) => {
    const size = options.size ?? 9;
    if (y < 50) {
      page = doc.addPage([width, height]);
      y = height - 50;
    }
    const used = options.bold ? bold : font;
    page.drawText(fitText(text, used, width - 100 - (options.indent ?? 0), size), { x: 50 + (options.indent ?? 0), y, size, font: used });
    y -= size + 5;
  };
  line(`Audit Log - ${title}`, { size: 16, bold: true });
  y -= 6;
  line('Parties', { size: 11, bold: true });
  for (const party of parties) line(party, { indent: 10 });
  y -= 6;
  line('Events', { size: 11, bold: true });
  for (const entry of entries) {
    line(`${entry.at}  ${entry.what}  ${entry.who}`);
    if (entry.ip || entry.ua) line(`IP: ${entry.ip ?? '-'}  User agent: ${entry.ua ?? '-'}`, { indent: 10, size: 8 });
  }
  doc.setTitle(pdfSafe(`Audit Log - ${title}`));
  doc.setProducer('Fake DocuSeal');
  return Buffer.from(await doc.save());
}

/** The parts' pages one after another in a new PDF. */
export async function mergePdfs(parts: Uint8Array[], title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part, { ignoreEncryption: true });
    for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
  }
  doc.setTitle(pdfSafe(title));
  doc.setProducer('Fake DocuSeal');
  return Buffer.from(await doc.save());
}
