import { ConflictException } from '@nestjs/common';

/** 409 of POST /esign/requests for a draft a request was already sent from (another tab, a double click, a retry). */
export const DRAFT_ALREADY_SENT = 'This request was already sent';

export class DraftAlreadySentException extends ConflictException {
  constructor() {
    super({ status: 'error', message: DRAFT_ALREADY_SENT });
  }
}
