import { createHash } from 'node:crypto';

/** The smallest valid PNG (1x1, transparent). Uploads are checked from end to end, so test images must be real. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const IEND_BYTES = 12;
const CHUNK_OVERHEAD = 12;

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A valid PNG of exactly `totalBytes` (at least TINY_PNG's length + 12): TINY_PNG with a private
 * ancillary chunk ('zpAd', which decoders skip) of zeros before IEND, for size-limit tests.
 */
export function pngOfSize(totalBytes: number): Buffer {
  const padding = totalBytes - TINY_PNG.length - CHUNK_OVERHEAD;
  if (padding < 0) throw new Error(`a PNG is at least ${TINY_PNG.length + CHUNK_OVERHEAD} bytes`);
  const head = TINY_PNG.subarray(0, TINY_PNG.length - IEND_BYTES);
  const chunk = Buffer.alloc(CHUNK_OVERHEAD + padding);
  chunk.writeUInt32BE(padding, 0);
  chunk.write('zpAd', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + padding)), 8 + padding);
  return Buffer.concat([head, chunk, TINY_PNG.subarray(TINY_PNG.length - IEND_BYTES)]);
}

/** Hex SHA-256 of bytes, for comparing stored files. */
export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
