import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Permissions, Roles, type AuthenticatedUser } from '@app/auth';
import { ESIGN_PERMISSIONS, STAFF_ROLES } from '@app/contracts';
import {
  AddTemplateDocumentDto,
  CreateTemplateDto,
  SaveTemplateSchemaDto,
  TemplateIdParamDto,
  TemplateListQueryDto,
  TemplateUploadConfirmDto,
  TemplateUploadDto,
  UpdateTemplateDto,
} from './dto/templates.dto';
import { TemplatesService } from './templates.service';
import { ApiAnswer, ApiErrors, UPLOAD_URL_SCHEMA, Idempotent } from '@app/platform';
import {
  BUILDER_TOKEN_SCHEMA,
  ESIGN_TEMPLATE_DETAIL_SCHEMA,
  ESIGN_TEMPLATES_SCHEMA,
  TEMPLATE_DELETED_SCHEMA,
  UPLOAD_CONFIRMED_SCHEMA,
} from '../esign.openapi';

/** E-sign templates (spec 002 sections 2.3 and 2.4): team_esign AND agent_esign, else 403; CLIENT and VENDOR never. Another team's id 404. */
@ApiTags('esign templates')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Permissions(...ESIGN_PERMISSIONS)
@ApiErrors(401, 403)
@Controller('esign/templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @ApiOperation({
    summary: "The team's templates: {records, pagination}; status N (default) or D; search on name and type_id; 25 per page (10/25/50/100)",
  })
  @ApiAnswer(200, ESIGN_TEMPLATES_SCHEMA)
  @ApiErrors(400)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: TemplateListQueryDto) {
    return this.templates.list(caller, query);
  }

  @Post('upload')
  @ApiOperation({
    summary:
      "A signed URL to PUT the PDF to: {url, key, expires_in, max_bytes}. 'This field is required', 'The file must be a PDF', 'File is larger than 50,000,000 bytes'",
  })
  @ApiAnswer(201, UPLOAD_URL_SCHEMA)
  @ApiErrors(400)
  requestUpload(@CurrentUser() caller: AuthenticatedUser, @Body() body: TemplateUploadDto) {
    return this.templates.requestUpload(caller, { ...body });
  }

  @Post('upload/confirm')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary:
      "Checks the uploaded bytes (a readable PDF, at most 50,000,000 bytes): {key, pages, size}; a refused file is deleted: 400 'The file must be a PDF'",
  })
  @ApiAnswer(200, UPLOAD_CONFIRMED_SCHEMA)
  @ApiErrors(400)
  confirmUpload(@CurrentUser() caller: AuthenticatedUser, @Body() body: TemplateUploadConfirmDto) {
    return this.templates.confirmUpload(caller, { ...body });
  }

  @Post()
  @ApiOperation({
    summary:
      'A template from the uploaded PDF: {template_file, name, storage_folder_id, type_id, default_document_type}; answers the template with its schema and file URLs',
  })
  @ApiAnswer(201, ESIGN_TEMPLATE_DETAIL_SCHEMA)
  @ApiErrors(400)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateTemplateDto) {
    return this.templates.create(caller, { ...body });
  }

  @Get(':id')
  @ApiOperation({
    summary: 'The template, its schema {documents, roles, fields} and files [{id, name, pages, url, page_sizes}] (signed URLs, 5 minutes)',
  })
  @ApiAnswer(200, ESIGN_TEMPLATE_DETAIL_SCHEMA)
  @ApiErrors(400, 404)
  one(@CurrentUser() caller: AuthenticatedUser, @Param() params: TemplateIdParamDto) {
    return this.templates.one(caller, params.id);
  }

  @Get(':id/builder-token')
  @ApiOperation({
    summary:
      "A fresh token for DocuSeal's embedded builder on the template (ESIGN_PROVIDER=docuseal): {token, esig_template_id, template_id, external_id, provider, host, expires_at}; the JWT is HS256 with the DocuSeal API key, exp within the hour, template_id and external_id taken from the template. 409 with the own engine; 502 'E-sign provider rejected the request'",
  })
  @ApiAnswer(200, BUILDER_TOKEN_SCHEMA)
  @ApiErrors(400, 404, [409, 'The provider has no such builder (ESIGN_PROVIDER=own)'], [502, 'E-sign provider rejected the request'])
  builderToken(@CurrentUser() caller: AuthenticatedUser, @Param() params: TemplateIdParamDto) {
    return this.templates.builderToken(caller, params.id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Changes name, storage_paths {default_document_type, default_storage_path} and type_id (the keys sent)' })
  @ApiAnswer(200, ESIGN_TEMPLATE_DETAIL_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Param() params: TemplateIdParamDto, @Body() body: UpdateTemplateDto) {
    return this.templates.update(caller, params.id, { ...body });
  }

  @Put(':id/schema')
  @ApiOperation({
    summary:
      "Builder autosave {roles, fields, documents, updated_ts}: 400 naming the field; 409 'This template was changed elsewhere. Reload to see the latest version.'",
  })
  @ApiAnswer(200, ESIGN_TEMPLATE_DETAIL_SCHEMA)
  @ApiErrors(400, 404, [409, 'This template was changed elsewhere. Reload to see the latest version.'])
  saveSchema(@CurrentUser() caller: AuthenticatedUser, @Param() params: TemplateIdParamDto, @Body() body: SaveTemplateSchemaDto) {
    return this.templates.saveSchema(caller, params.id, { ...body });
  }

  @Post(':id/documents')
  @ApiOperation({ summary: 'Adds an uploaded PDF {template_file} at the end of the template' })
  @ApiAnswer(201, ESIGN_TEMPLATE_DETAIL_SCHEMA)
  @ApiErrors(400, 404)
  addDocument(@CurrentUser() caller: AuthenticatedUser, @Param() params: TemplateIdParamDto, @Body() body: AddTemplateDocumentDto) {
    return this.templates.addDocument(caller, params.id, { ...body });
  }

  @Post(':id/clone')
  @ApiOperation({ summary: "A copy named '{name} (Copy)' with the same PDFs, roles and fields" })
  @ApiAnswer(201, ESIGN_TEMPLATE_DETAIL_SCHEMA, 'The copy')
  @ApiErrors(400, 404)
  clone(@CurrentUser() caller: AuthenticatedUser, @Param() params: TemplateIdParamDto) {
    return this.templates.clone(caller, params.id);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes the template (status D); 409 naming the packets that still use it' })
  @ApiAnswer(200, TEMPLATE_DELETED_SCHEMA, 'Deleted (status D)')
  @ApiErrors(400, 404, [409, 'Still used by packets'])
  remove(@CurrentUser() caller: AuthenticatedUser, @Param() params: TemplateIdParamDto) {
    return this.templates.remove(caller, params.id);
  }
}
