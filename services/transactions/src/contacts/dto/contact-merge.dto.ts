import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsString, MaxLength, ValidateNested } from 'class-validator';
import { FORM_FIELD_MESSAGES, type ContactMergeRequest } from '@app/contracts';
import { IsDatabaseId } from '@app/platform';
import { CONTACT_ERRORS } from '../contacts.errors';

const REQUIRED = { message: FORM_FIELD_MESSAGES.required };

/** contact_ids=1,2 (or repeated contact_ids): a list of ids; the count is checked by the service. */
export class ContactMergeConflictsQueryDto {
  @ApiProperty({ type: String, description: 'Comma-separated contact ids (2 to 10)', example: '1,2' })
  @Transform(({ value }) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
    return parts.filter((p) => p !== '').map((p) => (typeof p === 'string' && /^[0-9]{1,10}$/.test(p) ? Number(p) : p));
  })
  @IsArray({ message: CONTACT_ERRORS.contactIds })
  @ArrayMaxSize(1000, { message: CONTACT_ERRORS.contactIds })
  @IsDatabaseId({ each: true, message: CONTACT_ERRORS.contactIds })
  @IsDefined(REQUIRED)
  contact_ids!: number[];
}

class MergeResolutionDto {
  @ApiProperty({ description: 'A field of the conflicts (first_name, ..., custom_fields.<key>)' })
  @IsString({ message: CONTACT_ERRORS.resolutions })
  @MaxLength(200, { message: CONTACT_ERRORS.resolutions })
  field!: string;

  @ApiProperty({ description: 'The contact whose value survives' })
  @IsDatabaseId({ message: CONTACT_ERRORS.contactId })
  contact_id!: number;
}

/** POST /contacts/merge. */
export class ContactMergeDto implements ContactMergeRequest {
  @ApiProperty({ type: [Number] })
  @IsArray({ message: CONTACT_ERRORS.contactIds })
  @ArrayMaxSize(1000, { message: CONTACT_ERRORS.contactIds })
  @IsDatabaseId({ each: true, message: CONTACT_ERRORS.contactIds })
  @IsDefined(REQUIRED)
  contact_ids!: number[];

  @ApiProperty({ type: [MergeResolutionDto] })
  @IsArray({ message: CONTACT_ERRORS.resolutions })
  @ArrayMaxSize(1000, { message: CONTACT_ERRORS.resolutions })
  @ValidateNested({ each: true })
  @Type(() => MergeResolutionDto)
  @IsDefined(REQUIRED)
  resolutions!: MergeResolutionDto[];
}
