import { PDFDocument } from 'pdf-lib';

/** What a readable PDF is made of. */
export interface PdfFacts {
  pages: number;
  /** Each page's size in PDF points, in page order. */
  pageSizes: { width: number; height: number }[];
}

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/**
 * Judges a file by its bytes: a %PDF- header and a structure pdf-lib reads (cross references, a page tree
 * with at least one page), not encrypted. Answers its page count and page sizes, or null for anything else
 * (a renamed text file, an image, a truncated or forged PDF).
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfFacts | null> {
  if (bytes.length < PDF_HEADER.length || !Buffer.from(bytes.subarray(0, PDF_HEADER.length)).equals(PDF_HEADER)) return null;
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    const pages = document.getPages();
    if (pages.length === 0) return null;
    const pageSizes = pages.map((page) => {
      const { width, height } = page.getSize();
      return { width: round(width), height: round(height) };
    });
    if (pageSizes.some((size) => !(size.width > 0 && size.height > 0))) return null;
    return { pages: pages.length, pageSizes };
  } catch {
    // pdf-lib refuses encrypted files and unreadable structures.
    return null;
  }
}

const round = (value: number) => Math.round(value * 100) / 100;
