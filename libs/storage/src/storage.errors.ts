import { HttpException, HttpStatus } from '@nestjs/common';
import { IMAGE_MAX_BYTES } from '@app/contracts';

/** 'File is too large. The limit is 10,000,000 bytes.' */
export function tooLargeMessage(maxBytes: number): string {
  return `File is too large. The limit is ${maxBytes.toLocaleString('en-US')} bytes.`;
}

export const NOT_AN_IMAGE_MESSAGE = 'Only image files are allowed.';

export class FileTooLargeException extends HttpException {
  constructor(maxBytes: number = IMAGE_MAX_BYTES) {
    super({ status: 'error', message: tooLargeMessage(maxBytes) }, HttpStatus.PAYLOAD_TOO_LARGE);
  }
}

export class NotAnImageException extends HttpException {
  constructor() {
    super({ status: 'error', message: NOT_AN_IMAGE_MESSAGE }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  }
}

export class InvalidFileUrlException extends HttpException {
  constructor(message = 'This file link is invalid or has expired.') {
    super({ status: 'error', message }, HttpStatus.FORBIDDEN);
  }
}
