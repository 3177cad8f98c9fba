import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, DOCUMENT_SETUP_ROLES } from '@app/contracts';
import { UpdateMessageTemplateDto } from './dto/message-template.dto';
import { MessageTemplateService } from './message-template.service';

@ApiTags('send-document message template')
@ApiBearerAuth()
@Roles(...DOCUMENT_SETUP_ROLES)
@Controller('admin/document/message-template')
export class MessageTemplateController {
  constructor(private readonly templates: MessageTemplateService) {}

  @Get()
  @ApiOperation({ summary: "The team's send-document message template {message_template}; a default text until the team saves one (ADMIN, TRANC)" })
  get(@CurrentUser() caller: AuthenticatedUser) {
    return this.templates.get(caller.team_id);
  }

  @Patch()
  @ApiOperation({
    summary: `Save the template (ADMIN, TRANC): {status, message:"${ADMIN_MESSAGES.messageTemplateUpdated}", record: {message_template}}`,
    description: `message_template is required ("${ADMIN_MESSAGES.required}"), at most 5,000 characters.`,
  })
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateMessageTemplateDto) {
    return this.templates.update(caller.team_id, body.message_template);
  }
}
