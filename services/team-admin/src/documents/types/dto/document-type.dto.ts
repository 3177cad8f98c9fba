import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsDatabaseId, IsQueryId } from '@app/platform';
import { PageQueryDto } from '../../../common/list-query.dto';
import { EmptyAsNull, EmptyAsUndefined, REQUIRED, SAFE_TEXT, SAFE_TEXT_MESSAGE, Trim } from '../../../common/validation';
import { CATEGORY_ID, DOCUMENT_NAME_MAX, NAME_LENGTH } from '../../categories/dto/category.dto';
import type { DocumentTypeInput } from '@app/contracts';

export const TYPE_ORDER_BY = ['name', 'category_name', 'team_document_type_id', 'id'] as const;
export type TypeOrderBy = (typeof TYPE_ORDER_BY)[number];

const TYPE_ID = { message: 'Must be a document type id' };

export class DocumentTypeQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only the types of this category; empty or absent: every type' })
  @EmptyAsUndefined()
  @IsOptional()
  @IsQueryId(CATEGORY_ID)
  team_document_category_id?: number;

  @ApiPropertyOptional({ enum: TYPE_ORDER_BY, default: 'name' })
  @IsOptional()
  @IsIn(TYPE_ORDER_BY, { message: `Must be one of ${TYPE_ORDER_BY.join(', ')}` })
  order_by?: TypeOrderBy;
}

/** ?team_document_type_id=N (or ?id=N) of PATCH and DELETE; the service requires one of them. */
export class DocumentTypeIdQueryDto {
  @ApiPropertyOptional({ example: 1 })
  @IsOptional()
  @IsQueryId(TYPE_ID)
  team_document_type_id?: number;

  @ApiPropertyOptional({ example: 1, description: 'Same as team_document_type_id' })
  @IsOptional()
  @IsQueryId(TYPE_ID)
  id?: number;
}

export class CreateDocumentTypeDto implements DocumentTypeInput {
  @ApiProperty({ maxLength: DOCUMENT_NAME_MAX, description: 'Unique within its category (case-insensitive)' })
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  @MaxLength(DOCUMENT_NAME_MAX, NAME_LENGTH)
  // Listed last so that its message comes first when the value is missing.
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  @Trim()
  name: string;

  @ApiPropertyOptional({ nullable: true, description: "One of the team's categories; null or absent: no category" })
  @EmptyAsNull()
  @IsOptional()
  @IsDatabaseId(CATEGORY_ID)
  team_document_category_id?: number | null;
}

/** Any subset of the create body. */
export class UpdateDocumentTypeDto implements Partial<DocumentTypeInput> {
  @ApiPropertyOptional({ maxLength: DOCUMENT_NAME_MAX })
  @ValidateIf((_o, v) => v !== undefined)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  @MaxLength(DOCUMENT_NAME_MAX, NAME_LENGTH)
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  @Trim()
  name?: string;

  @ApiPropertyOptional({ nullable: true, description: 'null: no category' })
  @EmptyAsNull()
  @IsOptional()
  @IsDatabaseId(CATEGORY_ID)
  team_document_category_id?: number | null;

  // Read-only fields of DocumentType, accepted (and ignored) so that a form may send the record back.
  @ApiPropertyOptional({ description: 'Ignored (the query names the type)' }) @Allow() id?: unknown;
  @ApiPropertyOptional({ description: 'Ignored (the query names the type)' }) @Allow() team_document_type_id?: unknown;
  @ApiPropertyOptional({ description: 'Ignored (read-only)' }) @Allow() category_name?: unknown;
}
