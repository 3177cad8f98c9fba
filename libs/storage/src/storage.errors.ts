import { HttpException, HttpStatus } from '@nestjs/common';
import { IMAGE_MAX_BYTES, STORAGE_MESSAGES, type UploadPurpose } from '@app/contracts';

/**
 * The 413 message of a purpose: images 'File is too large. The limit is 10,000,000 bytes.', documents
 * 'File is larger than 50,000,000 bytes' (each with the limit in force).
 */
export function tooLargeMessage(maxBytes: number, purpose: UploadPurpose = 'image'): string {
  const limit = maxBytes.toLocaleString('en-US');
  return purpose === 'document' ? `File is larger than ${limit} bytes` : `File is too large. The limit is ${limit} bytes.`;
}

/** The 415 message of a purpose. */
export function typeNotAllowedMessage(purpose: UploadPurpose = 'image'): string {
  return purpose === 'document' ? STORAGE_MESSAGES.documentTypeNotAllowed : STORAGE_MESSAGES.notAnImage;
}

export const NOT_AN_IMAGE_MESSAGE = STORAGE_MESSAGES.notAnImage;

/** 413 {status: 'error', message} for an upload above its purpose's limit. */
export class FileTooLargeException extends HttpException {
  constructor(maxBytes: number = IMAGE_MAX_BYTES, purpose: UploadPurpose = 'image') {
    super({ status: 'error', message: tooLargeMessage(maxBytes, purpose) }, HttpStatus.PAYLOAD_TOO_LARGE);
  }
}

/** 415 {status: 'error', message} for bytes that the upload's purpose does not accept. */
export class FileTypeNotAllowedException extends HttpException {
  constructor(purpose: UploadPurpose = 'image') {
    super({ status: 'error', message: typeNotAllowedMessage(purpose) }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  }
}

/** 415 'Only image files are allowed.' */
export class NotAnImageException extends FileTypeNotAllowedException {
  constructor() {
    super('image');
  }
}

export class InvalidFileUrlException extends HttpException {
  constructor(message = 'This file link is invalid or has expired.') {
    super({ status: 'error', message }, HttpStatus.FORBIDDEN);
  }
}

/**
 * The copy of a handed-off file does not have the sha256 the handoff announced; the copy has been removed.
 * A plain Error (not an HTTP one): an event consumer fails the job with it, so BullMQ retries.
 */
export class FileHashMismatchError extends Error {
  override readonly name = 'FileHashMismatchError';

  constructor(
    readonly key: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`sha256 of the copy at "${key}" is ${actual}, the handoff announced ${expected}`);
  }
}
