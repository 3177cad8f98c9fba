import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { TRANSACTION_LIST_ROLES } from '@app/contracts';
import { ClientIdParamDto } from '../transactions/dto/transaction-edit.dto';
import { DocumentsService } from './documents.service';
import { DocumentConfirmDto, DocumentFoldersQueryDto, DocumentIdParamDto, DocumentUploadDto } from './dto/documents.dto';
import { ApiAnswer, ApiErrors, Idempotent } from '@app/platform';
import {
  DOCUMENT_FOLDERS_SCHEMA,
  DOCUMENT_TYPES_SCHEMA,
  DOCUMENT_WITH_URL_SCHEMA,
  DOCUMENTS_BY_FOLDER_SCHEMA,
  ID_SCHEMA,
  TRANSACTION_DOCUMENT_SCHEMA,
  UPLOAD_URL_SCHEMA,
} from '../transactions.openapi';

@ApiTags('documents')
@ApiBearerAuth()
@Roles(...TRANSACTION_LIST_ROLES)
@ApiErrors(401, 403)
@Controller('transaction')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Get('document-folders')
  @ApiOperation({
    summary:
      "The team's document folders (the system folders -1 General and -2 Signed Documents first); with type, those taking that side; VENDOR the vendor-visible ones. CLIENT 403.",
  })
  @ApiAnswer(200, DOCUMENT_FOLDERS_SCHEMA)
  @ApiErrors(400)
  folders(@CurrentUser() caller: AuthenticatedUser, @Query() query: DocumentFoldersQueryDto) {
    return this.documents.folders(caller, query.type);
  }

  @Get('document-types')
  @ApiOperation({ summary: "The team's document types {team_document_type_id, name, team_document_category_id, category_name}" })
  @ApiAnswer(200, DOCUMENT_TYPES_SCHEMA)
  types(@CurrentUser() caller: AuthenticatedUser) {
    return this.documents.types(caller);
  }

  @Get('documents/:id')
  @ApiOperation({ summary: "A document and a signed url valid for 5 minutes; another team's 404" })
  @ApiAnswer(200, DOCUMENT_WITH_URL_SCHEMA)
  @ApiErrors(400, 404)
  one(@CurrentUser() caller: AuthenticatedUser, @Param() params: DocumentIdParamDto) {
    return this.documents.one(caller, params.id);
  }

  @Delete('documents/:id')
  @ApiOperation({ summary: 'Deletes a document (ADMIN, TRANC, the uploader); the task holding it loses it' })
  @ApiAnswer(200, ID_SCHEMA, 'The deleted document')
  @ApiErrors(400, 404)
  remove(@CurrentUser() caller: AuthenticatedUser, @Param() params: DocumentIdParamDto) {
    return this.documents.remove(caller, params.id);
  }

  @Get(':client_id/documents')
  @ApiOperation({
    summary: "The transaction's folders for its side, each with its documents: {records: [{folder_id, folder_name, slug, documents}]}",
  })
  @ApiAnswer(200, DOCUMENTS_BY_FOLDER_SCHEMA)
  @ApiErrors(400, 404)
  byFolder(@CurrentUser() caller: AuthenticatedUser, @Param() params: ClientIdParamDto) {
    return this.documents.byFolder(caller, params.client_id);
  }

  @Post(':client_id/documents')
  @ApiOperation({
    summary:
      "A signed URL to PUT the file to: {url, key, expires_in, max_bytes}. 'Upload folder is required.', 'Document type is required.'; the folder must take the transaction's side.",
  })
  @ApiAnswer(201, UPLOAD_URL_SCHEMA)
  @ApiErrors(400, 404)
  requestUpload(@CurrentUser() caller: AuthenticatedUser, @Param() params: ClientIdParamDto, @Body() body: DocumentUploadDto) {
    return this.documents.requestUpload(caller, params.client_id, body);
  }

  @Post(':client_id/documents/confirm')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary:
      "Checks the uploaded bytes (PDF, JPEG or PNG; at most 50,000,000 bytes), records the document and attaches it to its task. A key that is not the caller's pending upload: 400 'Unknown upload'.",
  })
  @ApiAnswer(200, TRANSACTION_DOCUMENT_SCHEMA, 'The recorded document')
  @ApiErrors(400, 404)
  confirm(@CurrentUser() caller: AuthenticatedUser, @Param() params: ClientIdParamDto, @Body() body: DocumentConfirmDto) {
    return this.documents.confirm(caller, params.client_id, body);
  }
}
