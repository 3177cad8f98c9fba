/** Image formats the platform accepts, recognised by their leading bytes (never by name or header). */
export type SniffedImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Every format an upload purpose can accept: the images and PDF. */
export type SniffedFileType = SniffedImageType | 'application/pdf';

/** Bytes needed to recognise every accepted format. */
export const SNIFF_BYTES = 12;

/**
 * The image type of a file from its first bytes, or null when it is not a PNG, JPEG, GIF or WEBP.
 */
export function sniffImageType(head: Uint8Array): SniffedImageType | null {
  const b = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SNIFF_BYTES));
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a'))
    return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

/**
 * The type of a file from its first bytes: an image type, 'application/pdf' when the file starts with
 * `%PDF-`, or null. Only the very start counts, so an HTML page that mentions %PDF- is not a PDF.
 */
export function sniffFileType(head: Uint8Array): SniffedFileType | null {
  const b = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SNIFF_BYTES));
  if (b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return sniffImageType(head);
}
