import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ESIGN_SIGNER_TERM_MAX_LENGTH, type CreateEsignDraftRequest, type EsignTemplateSchema } from '@app/contracts';
import { IsQueryId } from '@app/platform';
import { EsignTemplateSourceDto } from '../../requests/dto/requests.dto';

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

/** POST /esign/drafts: client_id, then template_ids or packet_id (EsignTemplateSourceDto, shared with POST /esign/requests). */
export class CreateEsignDraftDto extends EsignTemplateSourceDto implements CreateEsignDraftRequest {}

/**
 * PUT /esign/drafts/{id}/schema: step 2's edits of the draft's schema copy. Checked whole by checkTemplateSchema against
 * the draft's documents and the body's own roles (fields[i].key errors naming each field, as a template's schema save).
 */
export class SaveEsignDraftSchemaDto implements EsignTemplateSchema {
  @ApiProperty({ description: "The draft's documents [{id, name, pages}], each once and in the draft's order" })
  @Allow()
  documents!: EsignTemplateSchema['documents'];

  @ApiProperty({ description: 'Roles [{uuid, name}]' })
  @Allow()
  roles!: EsignTemplateSchema['roles'];

  @ApiProperty({ description: 'Fields, as in a template schema' })
  @Allow()
  fields!: EsignTemplateSchema['fields'];
}
