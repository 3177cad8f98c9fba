import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Permissions, Roles, type AuthenticatedUser } from '@app/auth';
import { ESIGN_PERMISSIONS, STAFF_ROLES } from '@app/contracts';
import { ApiAnswer, ApiErrors, contractSchema, Idempotent } from '@app/platform';
import { AUDIT_LOG_SCHEMA, REQUEST_CANCELLED_SCHEMA, REQUEST_CREATED_SCHEMA, SIGNED_DOCUMENT_SCHEMA } from '../esign.openapi';
import { DRAFT_ALREADY_SENT } from '../drafts/draft-sent.exception';
import { CreateEsignRequestDto, RequestIdParamDto } from './dto/requests.dto';
import { RequestsService } from './requests.service';

/** E-sign requests (spec 002): team_esign AND agent_esign, else 403; CLIENT and VENDOR never. Another team's id 404. */
@ApiTags('esign requests')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Permissions(...ESIGN_PERMISSIONS)
@ApiErrors(401, 403)
@Controller('esign/requests')
export class RequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Post()
  // A preview writes nothing and answers the whole filled PDF: not worth keeping for 24 hours.
  @Idempotent({ skipWhen: (body) => (body as { preview?: unknown } | null)?.preview === true })
  @ApiOperation({
    summary:
      "Sends a request: {client_id, template_ids | packet_id, signature_order P|S, email_config {default {subject, body}, roles, useRoleConfig}, signers [{role, name, email, contact_id, order}], fields [{fieldId, value, readonly}], preview}. 'Signer name is required', 'Email is required', 'Please enter a valid email address', the value rules of spec 002 section 5. preview: {url} of the filled PDF, nothing stored or sent. Or {draft_id, ...}: from the caller's send draft, marked sent with the request; 409 'This request was already sent' for a draft sent before",
  })
  @ApiBody({ schema: contractSchema('EsignRequestSend') })
  @ApiAnswer(201, REQUEST_CREATED_SCHEMA)
  @ApiErrors(400, 404, [409, DRAFT_ALREADY_SENT])
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateEsignRequestDto) {
    return this.requests.create(caller, body);
  }

  @Get(':id/audit-log')
  @ApiOperation({ summary: 'Events (type, actor, email, IP, user agent, UTC time) and the SHA-256 of each original and of the final file' })
  @ApiAnswer(200, AUDIT_LOG_SCHEMA)
  @ApiErrors(400, 404)
  auditLog(@CurrentUser() caller: AuthenticatedUser, @Param() params: RequestIdParamDto) {
    return this.requests.auditLog(caller, params.id);
  }

  @Get(':id/documents')
  @ApiOperation({ summary: "A signed download URL of the sealed PDF (5 minutes); 409 'The signed document is not ready yet' before C" })
  @ApiAnswer(200, SIGNED_DOCUMENT_SCHEMA)
  @ApiErrors(400, 404, 409)
  documents(@CurrentUser() caller: AuthenticatedUser, @Param() params: RequestIdParamDto) {
    return this.requests.signedDocument(caller, params.id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Cancels (archives) a request in S, V, P or F; signers who had a link are mailed. 409 'This request can no longer be cancelled'",
  })
  @ApiAnswer(200, REQUEST_CANCELLED_SCHEMA)
  @ApiErrors(400, 404, 409)
  cancel(@CurrentUser() caller: AuthenticatedUser, @Param() params: RequestIdParamDto) {
    return this.requests.cancel(caller, params.id);
  }
}
