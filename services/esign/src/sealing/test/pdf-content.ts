import { spawnSync } from 'node:child_process';
import path from 'node:path';

export interface PdfBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PdfTextItem {
  str: string;
  /** Baseline origin, PDF user space. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** pdfjs's id of the font the item is in (tells two faces apart). */
  fontName: string;
}

export interface PdfPageContent {
  /** The page's visible box [x0, y0, x1, y1] (CropBox within MediaBox). */
  view: [number, number, number, number];
  rotate: number;
  /** The page as displayed: size and the user space -> display (top-left origin) transform. */
  viewport: { width: number; height: number; transform: number[] };
  items: PdfTextItem[];
  images: PdfBox[];
  paths: PdfBox[];
}

/** What pdfjs-dist reads from a PDF, page by page (run in a node child process: pdfjs-dist is ESM only). */
export function readPdfContent(pdf: Uint8Array): PdfPageContent[] {
  const result = spawnSync(process.execPath, [path.join(__dirname, 'pdfjs-read.mjs')], {
    input: Buffer.from(pdf),
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`pdfjs-dist could not read the PDF: ${result.stderr.toString()}`);
  return JSON.parse(result.stdout.toString()) as PdfPageContent[];
}

/** All text of the PDF, items joined by spaces and whitespace collapsed (a wrapped value reads back whole). */
export function pdfText(pages: PdfPageContent[]): string {
  return pages
    .flatMap((page) => page.items.map((item) => item.str))
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** A point of user space as a fraction (0..1, from the top-left) of the page as displayed. */
export function displayedFraction(page: PdfPageContent, x: number, y: number): { u: number; v: number } {
  const [a, b, c, d, e, f] = page.viewport.transform;
  return { u: (a * x + c * y + e) / page.viewport.width, v: (b * x + d * y + f) / page.viewport.height };
}
