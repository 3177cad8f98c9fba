import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Permissions, Roles, type AuthenticatedUser } from '@app/auth';
import { ESIGN_MESSAGES, ESIGN_PERMISSIONS, STAFF_ROLES } from '@app/contracts';
import { ApiAnswer, ApiErrors, contractSchema, Idempotent } from '@app/platform';
import { DRAFT_SAVED_SCHEMA, ESIGN_DRAFT_SCHEMA } from '../esign.openapi';
import { CreateEsignDraftDto, DraftIdParamDto, SaveEsignDraftSchemaDto } from './dto/drafts.dto';
import { DraftsService } from './drafts.service';

export const UNAVAILABLE: [number, string] = [503, ESIGN_MESSAGES.transactionDataUnavailable];

/** Send drafts (spec 002 section 2.2): team_esign AND agent_esign, else 403; CLIENT and VENDOR never. A draft is its creator's (404 for anyone else, and once sent). */
@ApiTags('esign drafts')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Permissions(...ESIGN_PERMISSIONS)
@ApiErrors(401, 403)
@Controller('esign/drafts')
export class DraftsController {
  constructor(private readonly drafts: DraftsService) {}

  @Post()
  @Idempotent()
  @ApiOperation({
    summary:
      "Starts a send on a transaction: {client_id, template_ids | packet_id} -> the draft: step 1 fields (no signature, initials, strikethrough or {{date}} fields) prefilled from the transaction over RPC, roles with their order, this request's own schema copy and the PDFs. 503 'Transaction data is unavailable. Please try again.'",
  })
  @ApiBody({ schema: contractSchema('CreateEsignDraftRequest') })
  @ApiAnswer(201, ESIGN_DRAFT_SCHEMA)
  @ApiErrors(400, 404, UNAVAILABLE)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateEsignDraftDto) {
    return this.drafts.create(caller, body);
  }

  @Get(':id')
  @ApiOperation({
    summary:
      "The draft with its autosaved form state; 404 'Draft not found' once a request was sent from it (it is then no longer a draft; saves answer 404 too)",
  })
  @ApiAnswer(200, ESIGN_DRAFT_SCHEMA)
  @ApiErrors(400, 404)
  one(@CurrentUser() caller: AuthenticatedUser, @Param() params: DraftIdParamDto) {
    return this.drafts.one(caller, params.id);
  }

  @Put(':id')
  @ApiOperation({
    summary:
      "The stepper's form state (autosave): {fields, formValues, fieldMetadata, signers, signatureOrder P|S, activeStep 0-2, emailConfig, submitters}; an object of at most 900,000 characters ('The form is too large to save')",
  })
  @ApiBody({ schema: contractSchema('EsignFormState') })
  @ApiAnswer(200, DRAFT_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  saveFormState(@CurrentUser() caller: AuthenticatedUser, @Param() params: DraftIdParamDto, @Body() body: unknown) {
    return this.drafts.saveFormState(caller, params.id, body);
  }

  @Put(':id/schema')
  @ApiOperation({
    summary:
      "Step 2's builder edits of this request's schema copy only ({documents, roles, fields} checked as a template's schema; the documents are the draft's, in order); the templates do not change. Answers the draft with its step 1 fields built again",
  })
  @ApiBody({ schema: contractSchema('EsignTemplateSchema') })
  @ApiAnswer(200, ESIGN_DRAFT_SCHEMA)
  @ApiErrors(400, 404, UNAVAILABLE)
  saveSchema(@CurrentUser() caller: AuthenticatedUser, @Param() params: DraftIdParamDto, @Body() body: SaveEsignDraftSchemaDto) {
    return this.drafts.saveSchema(caller, params.id, body);
  }
}
