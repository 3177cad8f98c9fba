import { GoneException, HttpStatus, NotFoundException } from '@nestjs/common';
import { VENDOR_ENROLLMENT_MESSAGES as M, type VendorInviteStatus } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';

/** Why an invite link cannot be used: unknown or revoked 404, expired or used 410 (spec 001). */
export function inviteRefusal(status: VendorInviteStatus | 'unknown'): Error | null {
  switch (status) {
    case 'pending':
      return null;
    case 'expired':
      return new GoneException({ status: 'error', message: M.inviteExpired });
    case 'used':
      return new GoneException({ status: 'error', message: M.inviteUsed });
    default:
      return new NotFoundException({ status: 'error', message: M.inviteInvalid });
  }
}

export const inviteNotFound = () => new NotFoundException({ status: 'error', message: M.inviteNotFound });
export const inviteAlreadyUsed = () =>
  new FieldErrorsException([{ field: 'invite_token', error: M.inviteUsed }], M.inviteUsed, HttpStatus.CONFLICT);
export const contactEmailTaken = () => new FieldErrorsException([{ field: 'primary_contact.email', error: M.emailTaken }]);
