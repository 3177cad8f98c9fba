import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  FORM_FIELD_MESSAGES,
  STORAGE_MESSAGES,
  type DocumentUploadRequest,
  type UploadConfirmRequest,
} from '@app/contracts';
import { IsDatabaseId, IsFolderId, IsQueryId, IsRequiredField } from '@app/platform';
import { TASK_ERRORS } from '../../tasks/tasks.errors';

/** {id} of a document in the path. */
export class DocumentIdParamDto {
  @ApiProperty()
  @IsQueryId({ message: 'Must be a document id' })
  id!: number;
}

/** GET /transaction/document-folders. */
export class DocumentFoldersQueryDto {
  @ApiPropertyOptional({ enum: ['b', 's'], description: 'Only the folders that take documents of this side' })
  @IsOptional()
  @IsIn(['b', 's'], { message: 'Must be b (Buyer) or s (Seller)' })
  type?: 'b' | 's';
}

/** POST /transaction/{client_id}/documents. */
export class DocumentUploadDto implements DocumentUploadRequest {
  @ApiProperty({ description: "The file's name, as it will be shown and downloaded" })
  @MaxLength(255, { message: 'Must be at most 255 characters' })
  @MinLength(1, { message: FORM_FIELD_MESSAGES.required })
  @IsString({ message: FORM_FIELD_MESSAGES.invalidValue })
  @IsRequiredField()
  name!: string;

  @ApiProperty({ description: "The file's declared content type (the bytes decide: PDF, JPEG or PNG)" })
  @MaxLength(100, { message: FORM_FIELD_MESSAGES.invalidValue })
  @IsString({ message: FORM_FIELD_MESSAGES.invalidValue })
  @IsRequiredField()
  type!: string;

  @ApiProperty({ description: `Bytes; at most ${DOCUMENT_MAX_BYTES}` })
  @Max(DOCUMENT_MAX_BYTES, { message: STORAGE_MESSAGES.documentTooLarge })
  @Min(1, { message: 'The file is empty' })
  @IsInt({ message: FORM_FIELD_MESSAGES.invalidValue })
  @IsRequiredField()
  size!: number;

  @ApiProperty({ description: 'A folder of the team, or -1/-2 for a system folder' })
  @IsFolderId({ message: DOCUMENT_MESSAGES.folderRequired })
  @IsRequiredField({ message: DOCUMENT_MESSAGES.folderRequired })
  folder_id!: number;
  @ApiProperty()
  @IsDatabaseId({ message: DOCUMENT_MESSAGES.typeRequired })
  @IsRequiredField({ message: DOCUMENT_MESSAGES.typeRequired })
  doc_type_id!: number;
  @ApiPropertyOptional({ description: 'A task of this transaction: the document is attached to it' })
  @IsOptional()
  @IsDatabaseId({ message: TASK_ERRORS.taskId })
  task_id?: number;
}

/** POST /transaction/{client_id}/documents/confirm. */
export class DocumentConfirmDto implements UploadConfirmRequest {
  @ApiProperty({ description: 'The key the upload URL was given with' })
  @MaxLength(300, { message: DOCUMENT_MESSAGES.unknownUpload })
  @IsString({ message: DOCUMENT_MESSAGES.unknownUpload })
  @IsRequiredField()
  key!: string;
}
