import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  dateFormatMessage,
  ESIGN_BOARD_ORDER_BY,
  ESIGN_BOARD_PER_PAGE_OPTIONS,
  ESIGN_REQUEST_STATUSES,
  type EsignBoardOrderBy,
  type EsignBoardQuery,
  type EsignRequestStatus,
} from '@app/contracts';
import {
  EmptyAsUndefined,
  IsDatabaseId,
  IsPageNumber,
  IsQueryId,
  IsTimeZone,
  IsUsDate,
  QueryBoolean,
  QueryInteger,
  Trim,
} from '@app/platform';

const ONE_OF = (values: readonly unknown[]) => ({ message: `Must be one of ${values.join(', ')}` });
export const BOARD_DATE_MESSAGE = dateFormatMessage(['MM/DD/YYYY']);
const DATE = { message: BOARD_DATE_MESSAGE };

/**
 * A list from comma-separated text or a repeated parameter (allowed_statuses=S,V or allowed_statuses=S&allowed_statuses=V);
 * empty parts are dropped, so an empty parameter means "no filter". `item` turns one part into its value (left raw
 * when it does not read, so the validator names the field).
 */
const QueryList = (item: (part: string) => unknown) =>
  Transform(({ obj, key }) => {
    const raw = (obj as Record<string, unknown>)[key];
    if (raw === undefined) return undefined;
    const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((value) => (typeof value === 'string' ? value.split(',') : [value]));
    return parts
      .map((part) => (typeof part === 'string' ? part.trim() : part))
      .filter((part) => part !== '')
      .map((part) => (typeof part === 'string' ? item(part) : part));
  });

/** GET /esign/requests: the request board (spec 002 sections 2.5 and 7). */
export class EsignBoardQueryDto implements EsignBoardQuery {
  @ApiPropertyOptional({ type: Boolean, description: 'Answer status_totals too (true/1, false/0)' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'Must be true or false' })
  include_status_totals?: boolean;

  @ApiPropertyOptional({ description: '1-based page (default 1)' })
  @IsOptional()
  @EmptyAsUndefined()
  @QueryInteger()
  @IsPageNumber()
  page?: number;

  @ApiPropertyOptional({ enum: ESIGN_BOARD_PER_PAGE_OPTIONS, description: 'Rows per page: 20, 50 (default), 100 or 500' })
  @IsOptional()
  @EmptyAsUndefined()
  @QueryInteger()
  @IsIn(ESIGN_BOARD_PER_PAGE_OPTIONS, ONE_OF(ESIGN_BOARD_PER_PAGE_OPTIONS))
  per_page?: number;

  @ApiPropertyOptional({
    enum: ESIGN_BOARD_ORDER_BY,
    description: 'Sort column (default created_ts); ties by esig_request_id in the same direction',
  })
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(ESIGN_BOARD_ORDER_BY, ONE_OF(ESIGN_BOARD_ORDER_BY))
  order_by?: EsignBoardOrderBy;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'Sort direction (default desc)' })
  @IsOptional()
  @EmptyAsUndefined()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['asc', 'desc'], ONE_OF(['asc', 'desc']))
  order_dir?: 'asc' | 'desc';

  @ApiPropertyOptional({
    description: 'Contains, any case: the template name, the address (street, unit, city, state, zip) or the creator (first and last name)',
  })
  @IsOptional()
  @Trim()
  @EmptyAsUndefined()
  @IsString({ message: 'Must be text' })
  @MaxLength(255, { message: 'Must be at most 255 characters' })
  quick_search_filter?: string;

  @ApiPropertyOptional({
    type: String,
    example: 'S,V,P',
    description: 'Status codes (S, V, P, C, D, F, E), comma-separated or repeated; absent or empty: every status',
  })
  @IsOptional()
  @QueryList((part) => part.toUpperCase())
  @IsArray(ONE_OF(ESIGN_REQUEST_STATUSES))
  @ArrayMaxSize(ESIGN_REQUEST_STATUSES.length * 2, ONE_OF(ESIGN_REQUEST_STATUSES))
  @IsIn(ESIGN_REQUEST_STATUSES, { each: true, ...ONE_OF(ESIGN_REQUEST_STATUSES) })
  allowed_statuses?: EsignRequestStatus[];

  @ApiPropertyOptional({ type: String, example: '101,104', description: 'Creators (agent ids), comma-separated or repeated' })
  @IsOptional()
  @QueryList((part) => (/^[0-9]{1,10}$/.test(part) ? Number(part) : part))
  @IsArray({ message: 'Must be a list of ids' })
  @ArrayMaxSize(500, { message: 'At most 500 users' })
  @IsDatabaseId({ each: true, message: 'Must be a list of ids' })
  created_by_agent_ids?: number[];

  @ApiPropertyOptional({ example: '03/01/2026', description: 'MM/DD/YYYY: created on or after this day' })
  @IsOptional()
  @EmptyAsUndefined()
  @IsUsDate('/', DATE)
  created_start_dt?: string;

  @ApiPropertyOptional({ example: '03/31/2026', description: 'MM/DD/YYYY: created on or before this day (the whole day)' })
  @IsOptional()
  @EmptyAsUndefined()
  @IsUsDate('/', DATE)
  created_end_dt?: string;

  @ApiPropertyOptional({ example: '03/01/2026', description: 'MM/DD/YYYY: completed on or after this day' })
  @IsOptional()
  @EmptyAsUndefined()
  @IsUsDate('/', DATE)
  completed_start_dt?: string;

  @ApiPropertyOptional({ example: '03/31/2026', description: 'MM/DD/YYYY: completed on or before this day (the whole day)' })
  @IsOptional()
  @EmptyAsUndefined()
  @IsUsDate('/', DATE)
  completed_end_dt?: string;

  @ApiPropertyOptional({
    example: 'America/Chicago',
    description: "IANA zone whose days the date filters mean (default UTC); the console sends the browser's",
  })
  @IsOptional()
  @EmptyAsUndefined()
  @IsTimeZone()
  time_zone?: string;

  @ApiPropertyOptional({ description: "One transaction's requests (its e-sign tab)" })
  @IsOptional()
  @EmptyAsUndefined()
  @IsQueryId()
  client_id?: number;
}
