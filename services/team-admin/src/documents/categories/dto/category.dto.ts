import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsQueryId } from '@app/platform';
import { PageQueryDto } from '../../../common/list-query.dto';
import { REQUIRED, SAFE_TEXT, SAFE_TEXT_MESSAGE, Trim } from '../../../common/validation';
import type { DocumentCategoryInput } from '@app/contracts';

export const CATEGORY_ORDER_BY = ['name', 'team_document_category_id'] as const;
export type CategoryOrderBy = (typeof CATEGORY_ORDER_BY)[number];
export const DOCUMENT_NAME_MAX = 100;

export const CATEGORY_ID = { message: 'Must be a document category id' };
export const NAME_LENGTH = { message: `At most ${DOCUMENT_NAME_MAX} characters` };

export class CategoryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: CATEGORY_ORDER_BY, default: 'name' })
  @IsOptional()
  @IsIn(CATEGORY_ORDER_BY, { message: `Must be one of ${CATEGORY_ORDER_BY.join(', ')}` })
  order_by?: CategoryOrderBy;
}

/** ?team_document_category_id=N of PATCH and DELETE. */
export class CategoryIdQueryDto {
  @ApiProperty({ example: 1 })
  @IsQueryId(CATEGORY_ID)
  @IsNotEmpty(REQUIRED)
  team_document_category_id: number;
}

/** POST and PATCH /documents/categories. */
export class CategoryBodyDto implements DocumentCategoryInput {
  @ApiProperty({ maxLength: DOCUMENT_NAME_MAX, description: 'Unique in the team (case-insensitive); no < > * ! ( ) { }' })
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  @MaxLength(DOCUMENT_NAME_MAX, NAME_LENGTH)
  // Listed last so that its message comes first when the value is missing.
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  @Trim()
  name: string;

  // Read-only field of DocumentCategory, accepted (and ignored) so that a form may send the record back.
  @ApiPropertyOptional({ description: 'Ignored (the query names the category)' }) @Allow() team_document_category_id?: unknown;
}
