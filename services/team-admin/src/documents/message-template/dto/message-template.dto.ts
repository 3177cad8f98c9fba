import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGE_TEMPLATE_MAX_LENGTH } from '@app/contracts';
import { REQUIRED } from '../../../common/validation';

export class UpdateMessageTemplateDto {
  @ApiProperty({ maxLength: MESSAGE_TEMPLATE_MAX_LENGTH, description: 'The text of the send-document message' })
  @MaxLength(MESSAGE_TEMPLATE_MAX_LENGTH, { message: `At most ${MESSAGE_TEMPLATE_MAX_LENGTH.toLocaleString('en-US')} characters` })
  // Listed last so that its message comes first when the value is missing.
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  message_template: string;
}
