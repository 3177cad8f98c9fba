import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { sealingFontBytes } from './sealing-fonts';
import type { SealEvent, SealSigner } from './sealing.types';

export interface AuditCertificateInput {
  requestId: number;
  title: string;
  templateNames: string[];
  originals: { name: string; sha256: string }[];
  contentSha256: string;
  signers: SealSigner[];
  events: SealEvent[];
  completedAt: Date;
  /** The sealing certificate's subject. */
  sealedBy: string;
}

// US Letter: the product's documents are US real-estate forms.
const PAGE_SIZE: [number, number] = [612, 792];
const MARGIN = 54;
const FOOTER_Y = 30;
const LABEL_WIDTH = 118;
const TEXT_SIZE = 9.5;
const LINE_GAP = 1.35;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.75, 0.75, 0.78);
const NOT_RECORDED = 'not recorded';

const utc = (at: Date | null) => (at ? at.toISOString() : NOT_RECORDED);
const orNot = (value: string | null | undefined) => (value && value.trim() ? value : NOT_RECORDED);

/** Appends the audit certificate pages (as many as the text needs) to `doc`; returns the first of them. `doc` must have fontkit registered. */
export async function appendAuditCertificate(doc: PDFDocument, input: AuditCertificateInput): Promise<PDFPage> {
  const font = await doc.embedFont(sealingFontBytes('regular'), { subset: true });
  const writer = new CertificateWriter(doc, font);

  writer.title('Audit certificate');
  writer.paragraph(
    'This certificate is part of the sealed PDF: its digital signature covers the documents above and these pages, so any later change shows.',
    MUTED,
  );
  writer.section('Request');
  writer.field('Request id', String(input.requestId));
  writer.field('Title', input.title);
  writer.field(input.templateNames.length === 1 ? 'Template' : 'Templates', input.templateNames.join(', ') || NOT_RECORDED);
  writer.field('Completed (UTC)', utc(input.completedAt));
  writer.field('Sealed by', input.sealedBy);

  writer.section('Documents');
  for (const original of input.originals) {
    writer.field('Document', original.name);
    writer.field('SHA-256 of original', original.sha256);
    writer.space(4);
  }
  writer.field('SHA-256 of stamped', input.contentSha256);
  writer.paragraph('The stamped content is the documents with every value printed, before these pages were added.', MUTED);

  writer.section('Signers');
  for (const signer of input.signers) {
    writer.keepTogether(7);
    writer.subheading(signer.name);
    writer.field('Email', signer.email);
    writer.field('Role', signer.role);
    writer.field('IP address', orNot(signer.ip));
    writer.field('User agent', orNot(signer.user_agent));
    writer.field('Viewed (UTC)', utc(signer.viewed_at));
    writer.field('Signed (UTC)', utc(signer.signed_at));
    writer.space(6);
  }

  writer.section('Events');
  for (const event of [...input.events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    writer.keepTogether(4);
    writer.field(event.type, utc(event.at));
    const who = [`Actor: ${event.actor}`, event.email ? `Email: ${event.email}` : null, `IP: ${orNot(event.ip)}`]
      .filter(Boolean)
      .join(' · ');
    writer.field('', who);
    writer.field('', `User agent: ${orNot(event.user_agent)}`);
    if (event.detail) writer.field('', `Detail: ${event.detail}`);
    writer.space(4);
  }

  writer.footers(`Audit certificate · Request ${input.requestId}`);
  return writer.pages[0];
}

/** Top-down text layout with wrapping and page breaks. */
class CertificateWriter {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
  ) {
    this.newPage();
  }

  private get width() {
    return PAGE_SIZE[0] - 2 * MARGIN;
  }

  private lineHeight(size: number) {
    return size * LINE_GAP;
  }

  private newPage() {
    this.page = this.doc.addPage(PAGE_SIZE);
    this.pages.push(this.page);
    this.y = PAGE_SIZE[1] - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** Starts a new page unless `lines` body lines still fit (a signer's block stays in one piece). */
  keepTogether(lines: number) {
    this.ensure(lines * this.lineHeight(TEXT_SIZE));
  }

  space(points: number) {
    this.y -= points;
  }

  private line(text: string, x: number, size: number, color = INK) {
    this.ensure(this.lineHeight(size));
    this.y -= this.lineHeight(size);
    if (text) this.page.drawText(text, { x, y: this.y + (this.lineHeight(size) - size), size, font: this.font, color });
  }

  title(text: string) {
    this.line(text, MARGIN, 20);
    this.space(6);
  }

  section(text: string) {
    this.space(10);
    this.ensure(this.lineHeight(13) + 3 * this.lineHeight(TEXT_SIZE));
    this.line(text, MARGIN, 13);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 3 },
      end: { x: MARGIN + this.width, y: this.y - 3 },
      thickness: 0.5,
      color: RULE,
    });
    this.space(8);
  }

  subheading(text: string) {
    for (const part of wrap(text, this.font, 11, this.width)) this.line(part, MARGIN, 11);
    this.space(2);
  }

  paragraph(text: string, color = INK) {
    for (const part of wrap(text, this.font, TEXT_SIZE, this.width)) this.line(part, MARGIN, TEXT_SIZE, color);
  }

  /** A label in the left column and its value wrapped in the right one. */
  field(label: string, value: string) {
    const labelParts = label ? wrap(label, this.font, TEXT_SIZE - 1, LABEL_WIDTH - 8) : [];
    const valueParts = wrap(value, this.font, TEXT_SIZE, this.width - LABEL_WIDTH);
    const rows = Math.max(labelParts.length, valueParts.length, 1);
    for (let i = 0; i < rows; i++) {
      this.ensure(this.lineHeight(TEXT_SIZE));
      this.y -= this.lineHeight(TEXT_SIZE);
      const baseline = this.y + (this.lineHeight(TEXT_SIZE) - TEXT_SIZE);
      if (labelParts[i]) this.page.drawText(labelParts[i], { x: MARGIN, y: baseline, size: TEXT_SIZE - 1, font: this.font, color: MUTED });
      if (valueParts[i])
        this.page.drawText(valueParts[i], { x: MARGIN + LABEL_WIDTH, y: baseline, size: TEXT_SIZE, font: this.font, color: INK });
    }
  }

  /** 'Audit certificate · Request 12 · Page 1 of 3' at the foot of each certificate page. */
  footers(text: string) {
    this.pages.forEach((page, index) => {
      page.drawText(`${text} · Page ${index + 1} of ${this.pages.length}`, {
        x: MARGIN,
        y: FOOTER_Y,
        size: 8,
        font: this.font,
        color: MUTED,
      });
    });
  }
}

/** Lines of at most `width` points: breaks at spaces, and inside a word only when the word alone is too long (hashes, user agents). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  // Measuring each word once (not each growing line) keeps a long event list fast.
  const measured = new Map<string, number>();
  const measure = (value: string) => {
    let result = measured.get(value);
    if (result === undefined) {
      result = font.widthOfTextAtSize(value, size);
      measured.set(value, result);
    }
    return result;
  };
  const space = measure(' ');
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let current = '';
    let currentWidth = 0;
    for (const word of paragraph
      .replace(/[\t ]+/g, ' ')
      .trim()
      .split(' ')) {
      const wordWidth = measure(word);
      if (current && currentWidth + space + wordWidth <= width) {
        current += ` ${word}`;
        currentWidth += space + wordWidth;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      currentWidth = wordWidth;
      if (wordWidth <= width) continue;
      // A word wider than the line is cut where it must be (code points: never half of a surrogate pair).
      let piece = '';
      let pieceWidth = 0;
      for (const char of Array.from(word)) {
        const charWidth = measure(char);
        if (piece && pieceWidth + charWidth > width) {
          lines.push(piece);
          piece = '';
          pieceWidth = 0;
        }
        piece += char;
        pieceWidth += charWidth;
      }
      current = piece;
      currentWidth = pieceWidth;
    }
    lines.push(current);
  }
  return lines;
}
