import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { NotificationPreviewQueryDto, NotificationTemplateDto, SendNotificationDto } from './dto/notifications.dto';
import { NotificationsService } from './notifications.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { MESSAGE_SCHEMA, NOTIFICATION_PREVIEW_SCHEMA } from '../messaging.openapi';

/** Email notifications of notification tasks (task_type N). CLIENT and VENDOR: 403. */
@ApiTags('notifications')
@ApiBearerAuth()
@Roles('ADMIN', 'TRANC', 'ISISA', 'AGENT')
@ApiErrors(401, 403)
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('preview')
  @ApiOperation({
    summary:
      "A notification task's email as it would go out: {subject, message: {html, text}, recipients, from_email, template}, rendered from the task's template (else the team default) " +
      "and its transaction; recipients the transaction's contacts with an email, from_email the caller's. Another task type: 400 'This task is not a notification task'. " +
      "ADMIN, TRANC, ISISA and agents who may see the task; another team's task 404.",
  })
  @ApiAnswer(200, NOTIFICATION_PREVIEW_SCHEMA)
  @ApiErrors(400, 404)
  preview(@CurrentUser() caller: AuthenticatedUser, @Query() query: NotificationPreviewQueryDto) {
    return this.notifications.preview(caller, query.task_id);
  }

  @Post('send')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sends the notification of each task ({message: 'Message has been sent'}): one task takes the given subject, message and recipients over the rendered ones; several are each rendered " +
      "from their own template. Empty recipients: the task's contacts (none at all: 400 'No recipients'); at most 50, each a valid address; from_email the sender's email or " +
      "alternate_email ('You cannot send from this address'). From '{sender} via {team}' at the platform address, Reply-To from_email. Publishes messaging.task-notification.sent (the task becomes Completed).",
  })
  @ApiAnswer(200, MESSAGE_SCHEMA, 'Sent')
  @ApiErrors(400, 404)
  send(@CurrentUser() caller: AuthenticatedUser, @Body() body: SendNotificationDto) {
    return this.notifications.send(caller, body);
  }

  @Patch('template')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The task's own template {subject (required, at most 255), template (required rich text, sanitised)}, merge fields {{client_first_name}}, {{client_last_name}}, {{address}}, " +
      "{{agent_name}}, {{task_name}}, {{due_date}} (another: 'Unknown merge field'); used by the task's later previews and sends. ADMIN, TRANC and the transaction's primary agent. -> {message: 'Template updated'}",
  })
  @ApiAnswer(200, MESSAGE_SCHEMA, 'Template updated')
  @ApiErrors(400, 404)
  updateTemplate(@CurrentUser() caller: AuthenticatedUser, @Body() body: NotificationTemplateDto) {
    return this.notifications.updateTemplate(caller, body);
  }
}
