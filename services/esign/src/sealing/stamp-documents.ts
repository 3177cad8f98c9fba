import fontkit from '@pdf-lib/fontkit';
import type { EsignField, EsignFieldArea } from '@app/contracts';
import {
  LineCapStyle,
  PDFDict,
  PDFDocument,
  PDFName,
  concatTransformationMatrix,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { fieldMark, type FieldMark } from './field-values';
import { sealingFontBytes, sealingFontMetrics, type SealingFontFace } from './sealing-fonts';
import type { SealDocument, StampInput } from './sealing.types';

const INK = rgb(0, 0, 0);
// Fitted text stays readable in a tall box instead of growing without end; typed signatures may be bigger.
const MAX_TEXT_SIZE = 20;
const MAX_SCRIPT_SIZE = 48;
const MIN_TEXT_SIZE = 2;

/** All documents merged into one PDF with every value stamped, flattened (no form fields left). Used for preview too. */
export async function stampDocuments(input: StampInput): Promise<Uint8Array> {
  const doc = await mergeDocuments(input.documents);
  await stampFields(doc, input.fields, input.values);
  return doc.save();
}

/** The documents' pages in order, each document's own form fields flattened first (copied pages lose their AcroForm). */
export async function mergeDocuments(documents: SealDocument[]): Promise<PDFDocument> {
  if (documents.length === 0) throw new Error('A request needs at least one document to stamp');
  const merged = await PDFDocument.create();
  merged.registerFontkit(fontkit);
  for (const document of documents) {
    let source: PDFDocument;
    try {
      source = await PDFDocument.load(document.bytes, { updateMetadata: false });
    } catch (error) {
      throw new Error(`The document '${document.name}' cannot be read as a PDF: ${(error as Error).message}`);
    }
    flattenForm(source);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged;
}

/** Turns the document's own AcroForm fields into page content so that the signed file has no fillable fields. */
function flattenForm(doc: PDFDocument): void {
  if (!doc.catalog.has(PDFName.of('AcroForm'))) return;
  try {
    doc.getForm().flatten();
  } catch {
    // A field whose appearance pdf-lib cannot build (e.g. a value outside WinAnsi): keep the
    // appearances the file has; failing that, the widgets left are dropped below.
    try {
      doc.getForm().flatten({ updateFieldAppearances: false });
    } catch {
      /* dropped below */
    }
  }
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annot = doc.context.lookup(annots.get(i));
      if (annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('Widget')) annots.remove(i);
    }
  }
  doc.catalog.delete(PDFName.of('AcroForm'));
}

/** Lazily embedded faces and images of one output document. */
class StampResources {
  private readonly fonts = new Map<SealingFontFace, Promise<PDFFont>>();

  constructor(private readonly doc: PDFDocument) {}

  font(face: SealingFontFace): Promise<PDFFont> {
    let font = this.fonts.get(face);
    if (!font) {
      // subset: only the glyphs used end up in the file
      font = this.doc.embedFont(sealingFontBytes(face), { subset: true });
      this.fonts.set(face, font);
    }
    return font;
  }

  image(mark: Extract<FieldMark, { kind: 'signature-image' }>, fieldName: string): Promise<PDFImage> {
    const embedded = mark.format === 'png' ? this.doc.embedPng(mark.image) : this.doc.embedJpg(mark.image);
    return embedded.catch((error: Error) => {
      throw new Error(`${fieldName}: the drawn signature is not a readable image (${error.message})`);
    });
  }
}

/** Draws every field's value in each of its areas. `doc` must have fontkit registered. */
export async function stampFields(doc: PDFDocument, fields: EsignField[], values: Record<string, unknown>): Promise<void> {
  const pages = doc.getPages();
  const resources = new StampResources(doc);
  for (const field of fields) {
    const mark = fieldMark(field, values[field.uuid]);
    if (!mark) continue;
    // One image object however many areas show it.
    const image = mark.kind === 'signature-image' ? await resources.image(mark, field.name) : null;
    for (const area of field.areas) {
      const page = pages[area.page - 1];
      if (!page) throw new Error(`${field.name}: placed on page ${area.page} but the documents have ${pages.length} pages`);
      const frame = areaFrame(page, area);
      if (frame.width <= 0 || frame.height <= 0) continue;
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...frame.matrix));
      switch (mark.kind) {
        case 'text':
          drawFittedText(page, frame, mark.text, await resources.font('regular'), 'regular', field.preferences?.font_size ?? null);
          break;
        case 'signature-text':
          drawFittedText(page, frame, mark.text, await resources.font('script'), 'script', field.preferences?.font_size ?? null);
          break;
        case 'signature-image':
          drawFittedImage(page, frame, image!);
          break;
        case 'check':
          drawCheckMark(page, frame);
          break;
        case 'strike':
          drawStrike(page, frame);
          break;
      }
      page.pushOperators(popGraphicsState());
    }
  }
}

/**
 * The area as a frame of its own: `matrix` maps (0,0)-(width,height), y up, onto the area as the
 * page shows it (CropBox, Rotate), so everything inside is drawn the right way up.
 */
interface AreaFrame {
  matrix: [number, number, number, number, number, number];
  width: number;
  height: number;
}

function areaFrame(page: PDFPage, area: EsignFieldArea): AreaFrame {
  const box = visibleBox(page);
  const rotation = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  const turned = rotation === 90 || rotation === 270;
  // The page as displayed (what the builder's fractions are of).
  const shownWidth = turned ? box.height : box.width;
  const shownHeight = turned ? box.width : box.height;
  const x = area.x * shownWidth;
  const y = shownHeight - (area.y + area.h) * shownHeight;
  // Displayed (x up from bottom-left) -> user space, per /Rotate (clockwise when displayed).
  const [a, b, c, d, e, f] =
    rotation === 90
      ? [0, 1, -1, 0, box.x + box.width, box.y]
      : rotation === 180
        ? [-1, 0, 0, -1, box.x + box.width, box.y + box.height]
        : rotation === 270
          ? [0, -1, 1, 0, box.x, box.y + box.height]
          : [1, 0, 0, 1, box.x, box.y];
  return { matrix: [a, b, c, d, a * x + c * y + e, b * x + d * y + f], width: area.w * shownWidth, height: area.h * shownHeight };
}

/** The CropBox within the MediaBox, as viewers show the page. */
function visibleBox(page: PDFPage): { x: number; y: number; width: number; height: number } {
  const normal = (r: { x: number; y: number; width: number; height: number }) => ({
    x0: Math.min(r.x, r.x + r.width),
    y0: Math.min(r.y, r.y + r.height),
    x1: Math.max(r.x, r.x + r.width),
    y1: Math.max(r.y, r.y + r.height),
  });
  const media = normal(page.getMediaBox());
  const crop = normal(page.getCropBox());
  const box = {
    x0: Math.max(media.x0, crop.x0),
    y0: Math.max(media.y0, crop.y0),
    x1: Math.min(media.x1, crop.x1),
    y1: Math.min(media.y1, crop.y1),
  };
  const use = box.x1 > box.x0 && box.y1 > box.y0 ? box : media;
  return { x: use.x0, y: use.y0, width: use.x1 - use.x0, height: use.y1 - use.y0 };
}

function drawFittedText(
  page: PDFPage,
  frame: AreaFrame,
  text: string,
  font: PDFFont,
  face: SealingFontFace,
  fontSize: number | null,
): void {
  const padding = Math.min(2, frame.width * 0.05);
  const { ascent, descent } = sealingFontMetrics(face);
  const unitHeight = ascent + descent;
  const maxSize = face === 'script' ? MAX_SCRIPT_SIZE : MAX_TEXT_SIZE;
  // font_size when the builder set one, else as tall as the box allows; then shrink to fit the width.
  let size = fontSize && fontSize > 0 ? fontSize : Math.min((frame.height * 0.85) / unitHeight, maxSize);
  const width = font.widthOfTextAtSize(text, size);
  const room = frame.width - 2 * padding;
  if (width > room) size = Math.max((size * room) / width, MIN_TEXT_SIZE);
  // Centred vertically on the glyphs' full height (ascent to descent).
  const baseline = (frame.height - unitHeight * size) / 2 + descent * size;
  page.drawText(text, { x: padding, y: baseline, size, font, color: INK });
}

function drawFittedImage(page: PDFPage, frame: AreaFrame, image: PDFImage): void {
  const scale = Math.min(frame.width / image.width, frame.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (frame.width - width) / 2, y: (frame.height - height) / 2, width, height });
}

// Lines rather than a glyph: every viewer draws them, whatever the font holds.
function drawCheckMark(page: PDFPage, frame: AreaFrame): void {
  const side = Math.min(frame.width, frame.height) * 0.8;
  const left = (frame.width - side) / 2;
  const bottom = (frame.height - side) / 2;
  const at = (u: number, v: number) => ({ x: left + u * side, y: bottom + v * side });
  const style = { thickness: Math.max(side * 0.12, 0.75), color: INK, lineCap: LineCapStyle.Round };
  page.drawLine({ start: at(0.12, 0.5), end: at(0.4, 0.18), ...style });
  page.drawLine({ start: at(0.4, 0.18), end: at(0.9, 0.85), ...style });
}

function drawStrike(page: PDFPage, frame: AreaFrame): void {
  const thickness = Math.min(Math.max(frame.height * 0.08, 0.75), 2);
  page.drawLine({ start: { x: 0, y: frame.height / 2 }, end: { x: frame.width, y: frame.height / 2 }, thickness, color: INK });
}
