import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, DOCUMENT_SETUP_ROLES } from '@app/contracts';
import { UpdateMessageTemplateDto } from './dto/message-template.dto';
import { MessageTemplateService } from './message-template.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { MESSAGE_TEMPLATE_SAVED_SCHEMA, MESSAGE_TEMPLATE_SCHEMA } from '../../team-admin.openapi';

@ApiTags('send-document message template')
@ApiBearerAuth()
@Roles(...DOCUMENT_SETUP_ROLES)
@ApiErrors(401, 403)
@Controller('admin/document/message-template')
export class MessageTemplateController {
  constructor(private readonly templates: MessageTemplateService) {}

  @Get()
  @ApiOperation({
    summary: "The team's send-document message template {message_template}; a default text until the team saves one (ADMIN, TRANC)",
  })
  @ApiAnswer(200, MESSAGE_TEMPLATE_SCHEMA)
  @ApiErrors(404)
  get(@CurrentUser() caller: AuthenticatedUser) {
    return this.templates.get(caller.team_id);
  }

  @Patch()
  @ApiOperation({
    summary: `Save the template (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.messageTemplateUpdated}", record: {message_template}}`,
    description: `message_template is required ("${ADMIN_MESSAGES.required}"), at most 5,000 characters.`,
  })
  @ApiAnswer(200, MESSAGE_TEMPLATE_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateMessageTemplateDto) {
    return this.templates.update(caller.team_id, body.message_template);
  }
}
