import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ESIGN_SIGNER_TERM_MAX_LENGTH } from '@app/contracts';
import { IsQueryId } from '@app/platform';

export class DraftIdParamDto {
  @ApiProperty({ description: 'draft_id (a uuid)' })
  @IsUUID('all', { message: 'Please enter a valid value' })
  id!: string;
}

export class SignerOptionsQueryDto {
  @ApiProperty({ description: 'The transaction the request is sent on' })
  @IsQueryId()
  client_id!: number;

  @ApiPropertyOptional({ description: "Part of a contact's or agent's name or email (any case); empty: the first ones by name" })
  @IsOptional()
  @IsString({ message: 'Please enter a valid value' })
  @MaxLength(ESIGN_SIGNER_TERM_MAX_LENGTH, { message: `At most ${ESIGN_SIGNER_TERM_MAX_LENGTH} characters` })
  term?: string;
}
