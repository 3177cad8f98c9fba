import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, ArrayMaxSize, IsArray, IsOptional } from 'class-validator';
import {
  FORM_FIELD_MESSAGES,
  NOTIFICATION_RECIPIENTS_MAX,
  type NotificationTemplateRequest,
  type SendNotificationRequest,
} from '@app/contracts';
import { IsDatabaseId, IsQueryId, IsRequiredField } from '@app/platform';

/** Most tasks one send covers. */
export const NOTIFICATION_SEND_TASKS_MAX = 100;

/** GET /notifications/preview?task_id= */
export class NotificationPreviewQueryDto {
  @ApiProperty({ description: "A notification task (task_type N) of the caller's team" })
  @IsQueryId()
  @IsRequiredField()
  task_id!: number;
}

/** POST /notifications/send (fields other than task_ids are checked by the service, each error on its form field). */
export class SendNotificationDto implements SendNotificationRequest {
  @ApiProperty({ type: [Number], description: `1 to ${NOTIFICATION_SEND_TASKS_MAX} notification tasks` })
  @IsDatabaseId({ each: true })
  @ArrayMaxSize(NOTIFICATION_SEND_TASKS_MAX, { message: `At most ${NOTIFICATION_SEND_TASKS_MAX} tasks` })
  @IsArray({ message: FORM_FIELD_MESSAGES.invalidValue })
  @IsRequiredField()
  task_ids!: number[];

  @ApiPropertyOptional({ description: 'One task only: replaces the rendered subject (merge fields allowed)' })
  @IsOptional()
  @Allow()
  subject?: string;

  @ApiPropertyOptional({
    description:
      'One task only: replaces the rendered message, as HTML (a string or {html}) or plain text ({text}); sanitised, merge fields allowed',
    oneOf: [{ type: 'string' }, { type: 'object', properties: { html: { type: 'string' }, text: { type: 'string' } } }],
  })
  @IsOptional()
  @Allow()
  message?: SendNotificationRequest['message'];

  @ApiPropertyOptional({
    type: [String],
    description: `Addresses (at most ${NOTIFICATION_RECIPIENTS_MAX}); empty or absent: the task's contacts with an email`,
  })
  @IsOptional()
  @Allow()
  recipients?: string[];

  @ApiPropertyOptional({ description: "The sender's email or alternate_email (Reply-To); absent: the sender's email" })
  @IsOptional()
  @Allow()
  from_email?: string;
}

/** PATCH /notifications/template (subject and template checked by the service). */
export class NotificationTemplateDto implements NotificationTemplateRequest {
  @ApiProperty()
  @IsDatabaseId()
  @IsRequiredField()
  task_id!: number;

  @ApiProperty({ maxLength: 255, example: 'Update on {{address}}' })
  @Allow()
  subject!: string;

  @ApiProperty({
    description:
      'Rich text (sanitised) with merge fields {{client_first_name}}, {{client_last_name}}, {{address}}, {{agent_name}}, {{task_name}}, {{due_date}}',
  })
  @Allow()
  template!: string;
}
