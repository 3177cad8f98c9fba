import type { SniffedFileType } from './image-sniffer';

/**
 * Whole-file checks behind the first-bytes sniff: a PNG header followed by `<html><script>` is not a PNG.
 * Images are walked from end to end (PNG chunks with their CRCs, JPEG segments to the end-of-image
 * marker, GIF blocks to the trailer, WEBP chunks inside the RIFF size) and must have a width and a height;
 * a PDF must start with %PDF- and end with %%EOF. These read structure only; they decode no pixels.
 */
export function isWellFormed(type: SniffedFileType, bytes: Buffer): boolean {
  try {
    switch (type) {
      case 'image/png':
        return wellFormedPng(bytes);
      case 'image/jpeg':
        return wellFormedJpeg(bytes);
      case 'image/gif':
        return wellFormedGif(bytes);
      case 'image/webp':
        return wellFormedWebp(bytes);
      case 'application/pdf':
        return wellFormedPdfEnds(bytes.subarray(0, 5), bytes.subarray(Math.max(0, bytes.length - PDF_TAIL_BYTES)));
    }
  } catch {
    // A read past the end (RangeError) is a truncated or forged file.
    return false;
  }
}

/** How much of a PDF's end holds its %%EOF (writers may add a newline or a few bytes after it). */
export const PDF_TAIL_BYTES = 1024;

/** A PDF judged by its first bytes and its last PDF_TAIL_BYTES: the whole file need not be read. */
export function wellFormedPdfEnds(head: Uint8Array, tail: Uint8Array): boolean {
  return Buffer.from(head).subarray(0, 5).toString('latin1') === '%PDF-' && Buffer.from(tail).toString('latin1').includes('%%EOF');
}

/** Largest width or height accepted (a forged header claiming billions of pixels is refused). */
const MAX_DIMENSION = 65_535;
const validSize = (width: number, height: number) => width > 0 && height > 0 && width <= MAX_DIMENSION && height <= MAX_DIMENSION;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Signature, IHDR first with a size, every chunk inside the file with its CRC, IEND last. */
function wellFormedPng(b: Buffer): boolean {
  let offset = 8;
  let first = true;
  while (offset + 12 <= b.length) {
    const length = b.readUInt32BE(offset);
    const type = b.subarray(offset + 4, offset + 8).toString('latin1');
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > b.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    if (crc32(b.subarray(offset + 4, offset + 8 + length)) !== b.readUInt32BE(offset + 8 + length)) return false;
    if (first) {
      if (type !== 'IHDR' || length !== 13 || !validSize(b.readUInt32BE(offset + 8), b.readUInt32BE(offset + 12))) return false;
      first = false;
    }
    if (type === 'IEND') return end === b.length;
    offset = end;
  }
  return false;
}

/** Segments from SOI to EOI, with a frame (SOF) that has a size and a scan (SOS). */
function wellFormedJpeg(b: Buffer): boolean {
  let offset = 2;
  let frame = false;
  let scan = false;
  while (offset < b.length) {
    if (b[offset] !== 0xff) return false;
    while (b[offset] === 0xff) offset++; // fill bytes
    const marker = b[offset++];
    if (marker === undefined) return false;
    if (marker === 0xd9) return frame && scan; // EOI (anything after it is not read as the image)
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // RSTn, TEM: no length
    const length = b.readUInt16BE(offset);
    if (length < 2 || offset + length > b.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (!validSize(b.readUInt16BE(offset + 5), b.readUInt16BE(offset + 3) || 1)) return false;
      frame = true;
    }
    offset += length;
    if (marker === 0xda) {
      scan = true;
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      while (offset < b.length) {
        if (b[offset] === 0xff && b[offset + 1] !== 0x00 && !(b[offset + 1] >= 0xd0 && b[offset + 1] <= 0xd7)) break;
        offset++;
      }
    }
  }
  return false;
}

/** Header with a size, then blocks (images, extensions) to the trailer byte, which ends the file. */
function wellFormedGif(b: Buffer): boolean {
  if (!validSize(b.readUInt16LE(6), b.readUInt16LE(8))) return false;
  let offset = 13;
  const flags = b[10];
  if (flags & 0x80) offset += 3 * 2 ** ((flags & 0x07) + 1);
  const skipSubBlocks = () => {
    for (;;) {
      const size = b[offset++];
      if (size === undefined) throw new RangeError('truncated');
      if (size === 0) return;
      offset += size;
    }
  };
  let images = 0;
  while (offset < b.length) {
    const introducer = b[offset++];
    if (introducer === 0x3b) return images > 0 && offset === b.length;
    if (introducer === 0x21) {
      offset++; // label
      skipSubBlocks();
    } else if (introducer === 0x2c) {
      const local = b[offset + 8];
      offset += 9;
      if (local & 0x80) offset += 3 * 2 ** ((local & 0x07) + 1);
      offset++; // LZW minimum code size
      skipSubBlocks();
      images++;
    } else {
      return false;
    }
  }
  return false;
}

/** RIFF size equal to the file, chunks inside it, and a VP8, VP8L or VP8X chunk with a size. */
function wellFormedWebp(b: Buffer): boolean {
  if (b.readUInt32LE(4) + 8 !== b.length) return false;
  let offset = 12;
  let sized = false;
  while (offset + 8 <= b.length) {
    const fourcc = b.subarray(offset, offset + 4).toString('latin1');
    const size = b.readUInt32LE(offset + 4);
    const data = offset + 8;
    if (data + size > b.length) return false;
    if (fourcc === 'VP8X' && size >= 10) sized ||= validSize(b.readUIntLE(data + 4, 3) + 1, b.readUIntLE(data + 7, 3) + 1);
    if (fourcc === 'VP8L' && size >= 5 && b[data] === 0x2f) {
      const bits = b.readUInt32LE(data + 1);
      sized ||= validSize((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
    }
    if (fourcc === 'VP8 ' && size >= 10 && b[data + 3] === 0x9d && b[data + 4] === 0x01 && b[data + 5] === 0x2a) {
      sized ||= validSize(b.readUInt16LE(data + 6) & 0x3fff, b.readUInt16LE(data + 8) & 0x3fff);
    }
    offset = data + size + (size % 2);
  }
  return sized && offset === b.length;
}
