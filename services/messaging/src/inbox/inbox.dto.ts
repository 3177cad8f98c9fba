import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  FORM_FIELD_MESSAGES,
  INBOX_PER_PAGE,
  INBOX_STATUS_FILTERS,
  MESSAGE_STATUSES,
  BULK_MESSAGE_STATUSES,
  MESSAGING_MESSAGES,
  MESSAGE_TEXT_MAX,
  type InboxStatusFilter,
} from '@app/contracts';
import { EmptyAsUndefined, IsDatabaseId, IsPageNumber, IsRichTextField, QueryInteger } from '@app/platform';

export const INBOX_PER_PAGE_MAX = 100;
export const INBOX_SEARCH_MAX = 200;
export const BULK_IDS_MAX = 1000;
export const BULK_IDS_EMPTY = 'Must list at least one id (leave it out for the whole inbox)';
const REQUIRED = { message: MESSAGING_MESSAGES.required };

/** Whether text holds a NUL character (no text a user types has one, and Postgres cannot store it). */
export const hasNulCharacter = (value: unknown) => typeof value === 'string' && value.includes('\u0000');
/** Text without NUL characters: a field error on its field rather than a database error. */
export const HasNoNulCharacter = () =>
  ValidateBy(
    { name: 'hasNoNulCharacter', validator: { validate: (value) => !hasNulCharacter(value) } },
    { message: FORM_FIELD_MESSAGES.invalidValue },
  );

/** page, per_page (default 10), status (absent: All), search: both inboxes. */
export class InboxQueryDto {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @EmptyAsUndefined()
  @QueryInteger()
  @IsPageNumber()
  page?: number;

  @ApiPropertyOptional({ default: INBOX_PER_PAGE, description: `1 to ${INBOX_PER_PAGE_MAX}` })
  @IsOptional()
  @EmptyAsUndefined()
  @QueryInteger()
  @IsInt({ message: `Must be a whole number from 1 to ${INBOX_PER_PAGE_MAX}` })
  @Min(1, { message: `Must be a whole number from 1 to ${INBOX_PER_PAGE_MAX}` })
  @Max(INBOX_PER_PAGE_MAX, { message: `Must be a whole number from 1 to ${INBOX_PER_PAGE_MAX}` })
  per_page?: number;

  @ApiPropertyOptional({ enum: INBOX_STATUS_FILTERS, description: 'Absent: All (not archived); unread; archived' })
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(INBOX_STATUS_FILTERS, { message: 'Must be one of unread, archived' })
  status?: InboxStatusFilter;

  @ApiPropertyOptional({ description: "Words of the text or the author's name" })
  @IsOptional()
  @EmptyAsUndefined()
  @IsString({ message: 'Must be text' })
  @MaxLength(INBOX_SEARCH_MAX, { message: `Maximum length is ${INBOX_SEARCH_MAX}` })
  @HasNoNulCharacter()
  search?: string;
}

/** The text of a message: sanitised editor HTML, 1 to 5,000 characters of text. */
export const IsMessageText = () =>
  applyDecorators(IsRichTextField({ maxLength: MESSAGE_TEXT_MAX, requiredMessage: MESSAGING_MESSAGES.required }), HasNoNulCharacter());

/** A single status change: read, unread, archived, unarchived. */
export const IsMessageStatus = () =>
  applyDecorators(IsDefined(REQUIRED), IsIn(MESSAGE_STATUSES, { message: MESSAGING_MESSAGES.invalidStatus }));
/** A bulk status: read or archived. */
export const IsBulkStatus = () =>
  applyDecorators(IsDefined(REQUIRED), IsIn(BULK_MESSAGE_STATUSES, { message: MESSAGING_MESSAGES.invalidBulkStatus }));
/** Optional ids of a bulk change: left out, the whole inbox; given, a list of 1 to BULK_IDS_MAX ids (null or [] is a field error, never "everything" or "nothing"). */
export const IsBulkIds = () =>
  applyDecorators(
    ValidateIf((_object, value) => value !== undefined),
    IsArray({ message: 'Must be a list of ids' }),
    ArrayNotEmpty({ message: BULK_IDS_EMPTY }),
    ArrayMaxSize(BULK_IDS_MAX, { message: `At most ${BULK_IDS_MAX} ids` }),
    IsDatabaseId({ each: true, message: 'Must be a list of ids' }),
  );
/** A required id in a JSON body. */
export const IsRequiredId = () => applyDecorators(IsDefined(REQUIRED), IsDatabaseId());
