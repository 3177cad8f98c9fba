import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from '@app/contracts';
import { isWellFormed, PDF_TAIL_BYTES, wellFormedPdfEnds } from './file-structure';
import { sniffFileType, type SniffedFileType } from './image-sniffer';
import { FileTooLargeException, FileTypeNotAllowedException } from './storage.errors';

/** The content policy of one upload: what the bytes may be and how many there may be. */
export interface UploadPolicy {
  purpose: UploadPurpose;
  maxBytes: number;
  contentTypes: readonly string[];
}

/**
 * The policy of a purpose, optionally with a lower size limit (a caller may ask for less than the
 * purpose allows, never more). Throws a plain Error for an unknown purpose or a limit above the purpose's.
 */
export function uploadPolicyOf(purpose: UploadPurpose = 'image', maxBytes?: number): UploadPolicy {
  if (!UPLOAD_PURPOSES.includes(purpose)) throw new Error(`unknown upload purpose "${String(purpose)}"`);
  const limit = UPLOAD_MAX_BYTES[purpose];
  if (maxBytes !== undefined && !(Number.isSafeInteger(maxBytes) && maxBytes >= 0 && maxBytes <= limit)) {
    throw new Error(`maxBytes ${maxBytes} is outside 0..${limit} for ${purpose} uploads`);
  }
  return { purpose, maxBytes: maxBytes ?? limit, contentTypes: UPLOAD_CONTENT_TYPES[purpose] };
}

/** Throws 413 (with the purpose's message) when size is above the policy's limit. */
export function assertSizeAllowed(policy: UploadPolicy, size: number): void {
  if (size > policy.maxBytes) throw new FileTooLargeException(policy.maxBytes, policy.purpose);
}

/** The content type of a file's first bytes when the policy accepts it; throws 415 otherwise. */
export function acceptedContentType(policy: UploadPolicy, head: Uint8Array): string {
  const type = sniffFileType(head);
  if (!type || !policy.contentTypes.includes(type)) throw new FileTypeNotAllowedException(policy.purpose);
  return type;
}

/** How a driver reads an uploaded file for the whole-file check: all of it, or (PDF) its first and last bytes. */
export interface UploadedBytes {
  whole(): Promise<Buffer>;
  tail(bytes: number): Promise<Buffer>;
}

/**
 * Throws 415 (the purpose's message) unless the file is what its first bytes claim from end to end: an
 * image walked to its end with a size, a PDF ending in %%EOF. Images are read whole (10 MB at most);
 * a PDF only at its end.
 */
export async function assertWellFormed(policy: UploadPolicy, type: string, read: UploadedBytes): Promise<void> {
  const sniffed = type as SniffedFileType;
  const ok =
    sniffed === 'application/pdf'
      ? wellFormedPdfEnds(Buffer.from('%PDF-'), await read.tail(PDF_TAIL_BYTES))
      : isWellFormed(sniffed, await read.whole());
  if (!ok) throw new FileTypeNotAllowedException(policy.purpose);
}
