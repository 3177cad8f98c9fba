import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { Allow, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsFolderId, QueryInteger } from '@app/platform';
import { PageQueryDto } from '../../../common/list-query.dto';
import { TEAM_ADMIN_MESSAGES } from '../../../common/team-admin.errors';
import { EmptyAsNull, EmptyAsUndefined, REQUIRED, Trim } from '../../../common/validation';
import type { DocumentFolderInput } from '@app/contracts';

export const FOLDER_ORDER_BY = [
  'folder_name',
  'transaction_type',
  'client_visible',
  'vendor_visible',
  'client_document_folder_id',
  'system',
] as const;
export type FolderOrderBy = (typeof FOLDER_ORDER_BY)[number];
export const FOLDER_NAME_MAX = 100;

/** A folder id in the query, read from its text (digits, or -1/-2 for a system folder: their PATCH and DELETE answer 403). */
const IsQueryFolderId = () => applyDecorators(QueryInteger(), IsFolderId());
const TRANSACTION_TYPE = { message: TEAM_ADMIN_MESSAGES.mustBeTransactionType };
const BOOLEAN = { message: TEAM_ADMIN_MESSAGES.mustBeBoolean };
const NAME_LENGTH = { message: `At most ${FOLDER_NAME_MAX} characters` };

/** GET /documents/folders: one folder (folder_id) or the list. */
export class FolderQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Answer this one folder as {record} instead of the list', example: -1 })
  @EmptyAsUndefined()
  @IsOptional()
  @IsQueryFolderId()
  folder_id?: number;

  @ApiPropertyOptional({ enum: ['b', 's'], description: "b or s: that type's folders plus the All folders; empty or absent: every folder" })
  @EmptyAsUndefined()
  @IsOptional()
  @IsIn(['b', 's'], { message: "Must be 'b' or 's'" })
  transaction_type?: 'b' | 's';

  @ApiPropertyOptional({ enum: FOLDER_ORDER_BY, description: 'Default: system folders first, then folder_name' })
  @IsOptional()
  @IsIn(FOLDER_ORDER_BY, { message: `Must be one of ${FOLDER_ORDER_BY.join(', ')}` })
  order_by?: FolderOrderBy;
}

/**
 * ?folder_id=N of DELETE; transaction_type and fetch_all, the call's other parameters in spec 000 section 7,
 * are accepted and ignored (they shape the list, not a write).
 */
/** DELETE's body: the folder may be named here instead of ?folder_id= (spec 000 section 7 names folder_id). */
export class DeleteFolderDto {
  @ApiPropertyOptional({ description: 'The folder to delete, when ?folder_id= does not name it; a JSON integer' })
  @IsOptional()
  @IsFolderId()
  folder_id?: number;
}

/** PATCH's and DELETE's query: the folder may instead be named by folder_id in the body. */
export class FolderPatchQueryDto {
  @ApiPropertyOptional({ example: 1, description: 'The folder; or folder_id in the body' })
  @EmptyAsUndefined()
  @IsOptional()
  @IsQueryFolderId()
  folder_id?: number;

  @ApiPropertyOptional({ description: 'Ignored on a write (a list parameter)' }) @Allow() transaction_type?: unknown;
  @ApiPropertyOptional({ description: 'Ignored on a write (a list parameter)' }) @Allow() fetch_all?: unknown;
}

export class CreateFolderDto implements DocumentFolderInput {
  @ApiProperty({ maxLength: FOLDER_NAME_MAX, description: 'Unique in the team (case-insensitive)' })
  @MaxLength(FOLDER_NAME_MAX, NAME_LENGTH)
  // Listed last so that its message comes first when the value is missing.
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  @Trim()
  folder_name: string;

  @ApiPropertyOptional({ enum: ['b', 's'], nullable: true, description: 'null (or absent): All' })
  @EmptyAsNull()
  @IsOptional()
  @IsIn(['b', 's'], TRANSACTION_TYPE)
  transaction_type?: 'b' | 's' | null;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean(BOOLEAN)
  client_visible?: boolean;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean(BOOLEAN)
  vendor_visible?: boolean;
}

/** Any subset of the create body. */
export class UpdateFolderDto implements Partial<DocumentFolderInput> {
  @ApiPropertyOptional({ maxLength: FOLDER_NAME_MAX })
  @ValidateIf((_o, v) => v !== undefined)
  @MaxLength(FOLDER_NAME_MAX, NAME_LENGTH)
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  @Trim()
  folder_name?: string;

  @ApiPropertyOptional({ enum: ['b', 's'], nullable: true, description: 'null: All' })
  @EmptyAsNull()
  @IsOptional()
  @IsIn(['b', 's'], TRANSACTION_TYPE)
  transaction_type?: 'b' | 's' | null;

  @ApiPropertyOptional()
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean(BOOLEAN)
  client_visible?: boolean;

  @ApiPropertyOptional()
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean(BOOLEAN)
  vendor_visible?: boolean;

  @ApiPropertyOptional({ description: 'The folder to change (spec 000 section 7), when ?folder_id= does not name it; a JSON integer' })
  @IsOptional()
  @IsFolderId()
  folder_id?: number;

  // Read-only fields of DocumentFolder, accepted (and ignored) so that a form may send the record back.
  @ApiPropertyOptional({ description: 'Ignored (folder_id names the folder)' }) @Allow() client_document_folder_id?: unknown;
  @ApiPropertyOptional({ description: 'Ignored (read-only)' }) @Allow() system?: unknown;
}
