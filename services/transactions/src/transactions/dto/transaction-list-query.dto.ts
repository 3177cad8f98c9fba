import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { LIST_FORM_ALIAS, TRANSACTION_DEFAULT_PAGE_SIZE, TRANSACTION_PAGE_SIZES, type TransactionListQuery } from '@app/contracts';
import { MAX_DATABASE_ID, MAX_PAGE } from '@app/platform';
import { numberOrRaw } from '../../common/query-values';
import { allowFilterKeys } from '../../filters/dto/filters.dto';
import { TRANSACTION_ERRORS } from '../transactions.errors';

// Query strings: an empty parameter means the default; a number stays raw when it is not one, so the
// validator names it.
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
export { numberOrRaw };

/** page and per_page of the list and of a transaction's history (10, 20, 60 or 100 a page). */
export class TransactionPagingDto {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: TRANSACTION_ERRORS.page })
  @Min(1, { message: TRANSACTION_ERRORS.page })
  @Max(MAX_PAGE, { message: TRANSACTION_ERRORS.page })
  page?: number;

  @ApiPropertyOptional({ enum: TRANSACTION_PAGE_SIZES, default: TRANSACTION_DEFAULT_PAGE_SIZE })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn(TRANSACTION_PAGE_SIZES, { message: TRANSACTION_ERRORS.perPage })
  per_page?: number;
}

/** GET /transactions/records. */
export class TransactionListQueryDto extends TransactionPagingDto implements TransactionListQuery {
  @ApiPropertyOptional({
    default: LIST_FORM_ALIAS,
    description: "A form of the caller's team whose fields are the extra columns; -1 is the team's list form",
  })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: TRANSACTION_ERRORS.teamFormId })
  @Min(LIST_FORM_ALIAS, { message: TRANSACTION_ERRORS.teamFormId })
  @Max(MAX_DATABASE_ID, { message: TRANSACTION_ERRORS.teamFormId })
  team_form_id?: number;

  @ApiPropertyOptional({ default: 'created_ts', description: "A column's field (cols[].field)" })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString({ message: TRANSACTION_ERRORS.orderBy })
  @Matches(/^[a-z][a-z0-9_]{0,62}$/, { message: TRANSACTION_ERRORS.orderBy })
  order_by?: string;

  @ApiPropertyOptional({ enum: [1, -1], default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn([1, -1], { message: TRANSACTION_ERRORS.orderDir })
  order_dir?: 1 | -1;

  @ApiPropertyOptional({ description: 'Address, email, client name (first, last or both), mobile phone (digits), or an ID' })
  @IsOptional()
  @IsString({ message: TRANSACTION_ERRORS.quickSearch })
  @MaxLength(100, { message: TRANSACTION_ERRORS.quickSearch })
  quick_search_filter?: string;
}
// The filter keys ride on the list's query (spec 001).
allowFilterKeys(TransactionListQueryDto);
