import { ForbiddenException } from '@nestjs/common';
import { ADMIN_MESSAGES } from '@app/contracts';

/** Messages of the user administration rules that the spec does not word (the spec's are ADMIN_MESSAGES). */
export const ADMIN_USER_ERRORS = {
  userNotFound: 'User not found',
  unknownRole: 'Choose one of ADMIN, TRANC, ISISA, AGENT, VENDOR',
  ownRole: 'You cannot change your own role',
  userInactive: 'This user is inactive. Activate the user first.',
  amount: 'Enter an amount of 0 or more with at most 2 decimals',
  templateIds: 'Template ids must be positive whole numbers',
  userId: 'Must be a user id',
  perPage: 'Must be one of 10, 20, 60, 100',
  page: 'Must be a page number from 1',
  orderBy: 'Unknown column',
  orderDir: 'Must be 1 or -1',
  statusFilter: 'Must be one of all, active, disabled, excluded',
  emailType: 'Must be welcome or reset',
} as const;

/**
 * 403 of the licence rule (spec 000 sections 5 and 8). Its `detail` is the toast's longer text.
 */
export class LicenceLimitException extends ForbiddenException {
  constructor() {
    super({ status: 'error', message: ADMIN_MESSAGES.noLicenses, detail: ADMIN_MESSAGES.noLicensesDetail });
  }
}
