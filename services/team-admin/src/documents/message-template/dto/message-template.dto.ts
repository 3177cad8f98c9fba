import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { ADMIN_MESSAGES, MESSAGE_TEMPLATE_MAX_LENGTH, type DocumentMessageTemplate } from '@app/contracts';
import { IsRichTextField, richTextLength } from '@app/platform';

const TOO_LONG = `At most ${MESSAGE_TEMPLATE_MAX_LENGTH.toLocaleString('en-US')} characters`;

export class UpdateMessageTemplateDto implements DocumentMessageTemplate {
  @ApiProperty({
    maxLength: MESSAGE_TEMPLATE_MAX_LENGTH,
    format: 'html',
    description:
      'The send-document message, stored through the shared rich-text sanitiser (p, br, strong, em, u, s, ul, ol, li, a); the limit counts its text',
  })
  // Stored sanitised: scripts, images, handlers and javascript: links never reach the team's mail.
  @ValidateBy(
    {
      name: 'messageTemplateLength',
      validator: { validate: (value) => typeof value !== 'string' || richTextLength(value) <= MESSAGE_TEMPLATE_MAX_LENGTH },
    },
    { message: TOO_LONG },
  )
  // Listed last so that its message comes first when the value is missing.
  @IsRichTextField({ requiredMessage: ADMIN_MESSAGES.required })
  message_template: string;
}
