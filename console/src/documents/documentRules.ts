import type { TransactionDocument } from '@app/contracts';

// The documents screens' small rules: pure, shared by the screens and their tests.

export type DocumentKind = 'pdf' | 'image' | 'other';

/** How a document is shown: a PDF in a frame, an image as itself (by its content type, else its name). */
export function documentKind(document: Pick<TransactionDocument, 'content_type' | 'filename'>): DocumentKind {
  const type = (document.content_type ?? '').toLowerCase();
  if (type === 'application/pdf' || (!type && /\.pdf$/i.test(document.filename))) return 'pdf';
  if (type === 'image/png' || type === 'image/jpeg' || (!type && /\.(png|jpe?g)$/i.test(document.filename))) return 'image';
  return 'other';
}

/** A size in bytes as people read it ('1.2 MB'). */
export function formatBytes(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return null;
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
