import { Body, Controller, Delete, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, DOCUMENT_SETUP_ROLES } from '@app/contracts';
import { TEAM_ADMIN_MESSAGES } from '../../common/team-admin.errors';
import { DocumentTypesService, typeIdOf } from './document-types.service';
import { CreateDocumentTypeDto, DocumentTypeIdQueryDto, DocumentTypeQueryDto, UpdateDocumentTypeDto } from './dto/document-type.dto';
import { ApiAnswer, ApiErrors, SUCCESS_SCHEMA } from '@app/platform';
import { DOCUMENT_TYPE_SAVED_SCHEMA, DOCUMENT_TYPES_SCHEMA } from '../../team-admin.openapi';

const RULES =
  `name is required ("${ADMIN_MESSAGES.required}"), at most 100 characters, unique within its category (or among the types without one), ` +
  `case-insensitively ("${TEAM_ADMIN_MESSAGES.typeNameTaken}"). team_document_category_id must be one of the team's categories (404 "${TEAM_ADMIN_MESSAGES.categoryNotFound}").`;

@ApiTags('document categories and types')
@ApiBearerAuth()
// Document setup (ADMIN, TRANC), reads included; the work area's own read comes with the transactions issue.
@Roles(...DOCUMENT_SETUP_ROLES)
@ApiErrors(401, 403)
@Controller('documents/types/manage')
export class DocumentTypesController {
  constructor(private readonly types: DocumentTypesService) {}

  @Get()
  @ApiOperation({
    summary:
      "The team's document types {records: [{id, team_document_type_id, name, team_document_category_id, category_name}], pagination} (ADMIN, TRANC)",
    description:
      'Filter team_document_category_id=; ordered by name unless order_by says otherwise; fetch_all=true answers every type in one page.',
  })
  @ApiAnswer(200, DOCUMENT_TYPES_SCHEMA)
  @ApiErrors(400, 404)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: DocumentTypeQueryDto) {
    return this.types.list(caller.team_id, query);
  }

  @Post()
  @ApiOperation({
    summary: `Create a document type (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.documentTypeCreated}", record}`,
    description: RULES,
  })
  @ApiAnswer(201, DOCUMENT_TYPE_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateDocumentTypeDto) {
    return this.types.create(caller.team_id, body);
  }

  @Patch()
  @ApiOperation({
    summary: `Change a document type, named by ?team_document_type_id= or ?id= (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.documentTypeUpdated}", record}`,
    description: `Any subset of the create body; team_document_category_id null removes the category. ${RULES}`,
  })
  @ApiAnswer(200, DOCUMENT_TYPE_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Query() query: DocumentTypeIdQueryDto, @Body() body: UpdateDocumentTypeDto) {
    return this.types.update(caller.team_id, typeIdOf(query), body);
  }

  @Delete()
  @ApiOperation({
    summary: `Delete a document type, named by ?team_document_type_id= or ?id= (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.documentTypeDeleted}"}`,
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Deleted')
  @ApiErrors(400, 404)
  remove(@CurrentUser() caller: AuthenticatedUser, @Query() query: DocumentTypeIdQueryDto) {
    return this.types.remove(caller.team_id, typeIdOf(query));
  }
}
