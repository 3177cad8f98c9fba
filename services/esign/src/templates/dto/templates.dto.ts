import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  ESIGN_FIELD_TYPES,
  ESIGN_TEMPLATE_ORDER_BY,
  ESIGN_TEMPLATE_STATUSES,
  ESIGN_TEMPLATES_PER_PAGE_OPTIONS,
  type EsignTemplateOrderBy,
  type EsignTemplateStatus,
  type EsignTemplateListQuery,
  type EsignUploadUrlRequest,
  type EsignUploadConfirmRequest,
  type CreateEsignTemplateRequest,
  type AddEsignTemplateDocumentRequest,
  type UpdateEsignTemplateRequest,
  type SaveEsignTemplateSchemaRequest,
} from '@app/contracts';
import { EmptyAsUndefined, IsPageNumber, IsQueryId, QueryInteger, Trim } from '@app/platform';

export const ONE_OF = (values: readonly unknown[]) => ({ message: `Must be one of ${values.join(', ')}` });

/** What GET /esign/templates and GET /esign/packets share; each adds its own whitelisted order_by. */
export class EsignListQueryDto {
  @ApiPropertyOptional({ enum: ESIGN_TEMPLATE_STATUSES, description: 'N (default) or D (deleted)' })
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(ESIGN_TEMPLATE_STATUSES, ONE_OF(ESIGN_TEMPLATE_STATUSES))
  status?: EsignTemplateStatus;

  @ApiPropertyOptional({ description: '1-based page (default 1)' })
  @IsOptional()
  @EmptyAsUndefined()
  @QueryInteger()
  @IsPageNumber()
  page?: number;

  @ApiPropertyOptional({ enum: ESIGN_TEMPLATES_PER_PAGE_OPTIONS, description: 'Rows per page: 10, 25 (default), 50 or 100' })
  @IsOptional()
  @EmptyAsUndefined()
  @QueryInteger()
  @IsIn(ESIGN_TEMPLATES_PER_PAGE_OPTIONS, ONE_OF(ESIGN_TEMPLATES_PER_PAGE_OPTIONS))
  per_page?: number;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'Sort direction (default asc)' })
  @IsOptional()
  @EmptyAsUndefined()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['asc', 'desc'], ONE_OF(['asc', 'desc']))
  order_dir?: 'asc' | 'desc';

  @ApiPropertyOptional({ description: 'Search on the name (contains, any case) and the type (All / Buyer / Seller, b / s)' })
  @IsOptional()
  @Trim()
  @EmptyAsUndefined()
  @IsString({ message: 'Must be text' })
  @MaxLength(255, { message: 'Must be at most 255 characters' })
  quick_search_filter?: string;
}

/** GET /esign/templates. */
export class TemplateListQueryDto extends EsignListQueryDto implements EsignTemplateListQuery {
  @ApiPropertyOptional({ enum: ESIGN_TEMPLATE_ORDER_BY, description: 'Sort column (default name)' })
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(ESIGN_TEMPLATE_ORDER_BY, ONE_OF(ESIGN_TEMPLATE_ORDER_BY))
  order_by?: EsignTemplateOrderBy;
}

export class TemplateIdParamDto {
  @ApiProperty({ description: 'esig_template_id' })
  @IsQueryId()
  id!: number;
}

/** POST /esign/templates/upload. Checked by the service, which words each field's message. */
export class TemplateUploadDto implements EsignUploadUrlRequest {
  @ApiProperty({ description: "The file's name" })
  @Allow()
  name!: EsignUploadUrlRequest['name'];

  @ApiProperty({ description: 'The content type: application/pdf (else 400 The file must be a PDF)' })
  @Allow()
  type!: EsignUploadUrlRequest['type'];

  @ApiProperty({ description: 'Size in bytes: at most 50,000,000' })
  @Allow()
  size!: EsignUploadUrlRequest['size'];
}

export class TemplateUploadConfirmDto implements EsignUploadConfirmRequest {
  @ApiProperty({ description: 'The key POST /esign/templates/upload answered' })
  @Allow()
  key!: EsignUploadConfirmRequest['key'];
}

/** POST /esign/templates. */
export class CreateTemplateDto implements CreateEsignTemplateRequest {
  @ApiProperty({ description: 'The confirmed upload key (POST /esign/templates/upload)' })
  @Allow()
  template_file!: CreateEsignTemplateRequest['template_file'];

  @ApiProperty({ description: 'Template name (at most 255 characters)' })
  @Allow()
  name!: CreateEsignTemplateRequest['name'];

  @ApiProperty({ description: "client_document_folder_id of one of the team's folders (-1 General, -2 Signed Documents included)" })
  @Allow()
  storage_folder_id!: CreateEsignTemplateRequest['storage_folder_id'];

  @ApiPropertyOptional({ nullable: true, enum: ['b', 's'], description: 'null All, b Buyer, s Seller' })
  @Allow()
  type_id!: CreateEsignTemplateRequest['type_id'];

  @ApiPropertyOptional({ nullable: true, description: "team_document_type_id of one of the team's document types, or null" })
  @Allow()
  default_document_type!: CreateEsignTemplateRequest['default_document_type'];
}

/** POST /esign/templates/{id}/documents. */
export class AddTemplateDocumentDto implements AddEsignTemplateDocumentRequest {
  @ApiProperty({ description: 'The confirmed upload key' })
  @Allow()
  template_file!: AddEsignTemplateDocumentRequest['template_file'];

  @ApiPropertyOptional({ description: "The document's name (default: the uploaded file's name)" })
  @Allow()
  name?: AddEsignTemplateDocumentRequest['name'];
}

/** PATCH /esign/templates/{id}: only the keys sent change. */
export class UpdateTemplateDto implements UpdateEsignTemplateRequest {
  @ApiPropertyOptional()
  @Allow()
  name?: UpdateEsignTemplateRequest['name'];

  @ApiPropertyOptional({ description: '{default_document_type, default_storage_path}' })
  @Allow()
  storage_paths?: UpdateEsignTemplateRequest['storage_paths'];

  @ApiPropertyOptional({ nullable: true, enum: ['b', 's'] })
  @Allow()
  type_id?: UpdateEsignTemplateRequest['type_id'];
}

/** PUT /esign/templates/{id}/schema. */
export class SaveTemplateSchemaDto implements SaveEsignTemplateSchemaRequest {
  @ApiProperty({ description: "The template's documents [{id, name, pages}] in order (each of its documents once)" })
  @Allow()
  documents!: SaveEsignTemplateSchemaRequest['documents'];

  @ApiProperty({ description: 'Roles [{uuid, name}]' })
  @Allow()
  roles!: SaveEsignTemplateSchemaRequest['roles'];

  @ApiProperty({
    description: `Fields [{uuid, role_uuid, name, type (${ESIGN_FIELD_TYPES.join(', ')}), required, readonly, default_value, title, description, options, validation, preferences, platform_type, mapped_entity, mapped_field, can_update, areas [{page, x, y, w, h}]}]`,
  })
  @Allow()
  fields!: SaveEsignTemplateSchemaRequest['fields'];

  @ApiProperty({ description: 'The updated_ts of the version loaded; another save since answers 409' })
  @Allow()
  updated_ts!: SaveEsignTemplateSchemaRequest['updated_ts'];
}
