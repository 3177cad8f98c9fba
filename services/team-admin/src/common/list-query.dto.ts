import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { ListQuery, Pagination } from '@app/contracts';
import { paginationOf } from '@app/database';
import { IsPageNumber, MAX_PAGE, numberOrRaw } from '@app/platform';
import { QueryBoolean } from './validation';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** page, per_page, order_dir and fetch_all of the documents lists; each list adds its own whitelisted order_by. */
export class PageQueryDto implements ListQuery {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: MAX_PAGE })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsPageNumber()
  page?: number;

  @ApiPropertyOptional({ default: DEFAULT_PER_PAGE, minimum: 1, maximum: MAX_PER_PAGE })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: `Must be a number from 1 to ${MAX_PER_PAGE}` })
  @Min(1, { message: `Must be a number from 1 to ${MAX_PER_PAGE}` })
  @Max(MAX_PER_PAGE, { message: `Must be a number from 1 to ${MAX_PER_PAGE}` })
  per_page?: number;

  @ApiPropertyOptional({ enum: [1, -1], default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn([1, -1], { message: 'Must be 1 or -1' })
  order_dir?: 1 | -1;

  @ApiPropertyOptional({ description: 'true: every row in one page (page and per_page are ignored)' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'Must be true or false' })
  fetch_all?: boolean;
}

/** LIMIT/OFFSET of a list request, and how to build its pagination block from the total. */
export interface PageWindow {
  limit: number | null;
  offset: number;
  paginate(total: number): Pagination;
}

export function pageWindowOf(query: PageQueryDto): PageWindow {
  if (query.fetch_all) {
    return { limit: null, offset: 0, paginate: (total) => paginationOf(total, 1, Math.max(total, 1)) };
  }
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  return { limit: perPage, offset: (page - 1) * perPage, paginate: (total) => paginationOf(total, page, perPage) };
}

/** SQL direction of order_dir (1 ascending, the default). */
export const sqlDirection = (dir: 1 | -1 | undefined) => (dir === -1 ? 'DESC' : 'ASC');
