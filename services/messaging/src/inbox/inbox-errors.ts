import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { MESSAGING_MESSAGES } from '@app/contracts';
import { FieldErrorsException, richTextPlain } from '@app/platform';
import type { AuthenticatedUser } from '@app/auth';

export const messageNotFound = () => new NotFoundException(MESSAGING_MESSAGES.notFound);
export const onlyAuthor = () => new ForbiddenException(MESSAGING_MESSAGES.onlyAuthor);
export const fieldError = (field: string, error: string) => new FieldErrorsException([{ field, error }]);

/** A CLIENT (their role decides what they see, whatever a request says). */
export const isClient = (caller: AuthenticatedUser) => caller.roles.includes('CLIENT');

/** The searchable text of sanitised HTML. */
export const searchTextOf = (html: string) => richTextPlain(html).replace(/\s+/g, ' ').trim();

export const pageOf = (query: { page?: number; per_page?: number }, perPageDefault: number) => ({
  page: query.page ?? 1,
  perPage: query.per_page ?? perPageDefault,
});
