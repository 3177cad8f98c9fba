import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { CONTACT_EDITABLE_STATUSES, type ContactEditableStatus, type ContactWriteRequest } from '@app/contracts';
import { IsDatabaseId, IsQueryId, IsEmailField, IsPhoneField, IsRequiredField } from '@app/platform';
import { CONTACT_ERRORS } from '../contacts.errors';

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_ADDRESS_MAX_LENGTH = 200;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const blankToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** A name: required ('This field is required'), text of at most 100 characters. On PATCH only when sent. */
const NameField = (onlyWhenSent: boolean) =>
  applyDecorators(
    ...(onlyWhenSent ? [ValidateIf((_o: unknown, value: unknown) => value !== undefined)] : []),
    // Applied in this order, as if stacked from the property up: the required message comes first.
    IsRequiredField(),
    IsString({ message: CONTACT_ERRORS.text }),
    MaxLength(CONTACT_NAME_MAX_LENGTH, { message: CONTACT_ERRORS.tooLong(CONTACT_NAME_MAX_LENGTH) }),
    Transform(trim),
  );

/** An address part: optional text of at most 200 characters (null or spaces clear it). */
const AddressField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true }),
    Transform(blankToNull),
    IsOptional(),
    MaxLength(CONTACT_ADDRESS_MAX_LENGTH, { message: CONTACT_ERRORS.tooLong(CONTACT_ADDRESS_MAX_LENGTH) }),
    IsString({ message: CONTACT_ERRORS.text }),
  );

/** An optional id (null clears it). */
const OptionalId = (message: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true }),
    ValidateIf((_o: unknown, value: unknown) => value !== undefined && value !== null),
    IsDatabaseId({ message }),
  );

class ContactFieldsDto {
  @ApiPropertyOptional({ nullable: true })
  @IsEmailField({ required: false })
  email?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Stored as 10 digits' })
  @IsPhoneField({ required: false })
  mobile_phone?: string | null;

  @AddressField() address_1?: string | null;
  @AddressField() address_2?: string | null;
  @AddressField() city?: string | null;
  @AddressField() state?: string | null;
  @AddressField() postal_code?: string | null;

  @OptionalId(CONTACT_ERRORS.leadTypeId)
  lead_type_id?: number | null;

  @OptionalId(CONTACT_ERRORS.agentId)
  agent_id?: number | null;

  @ApiPropertyOptional({ enum: CONTACT_EDITABLE_STATUSES })
  @IsOptional()
  @IsIn(CONTACT_EDITABLE_STATUSES, { message: CONTACT_ERRORS.status })
  status?: ContactEditableStatus;
}

/** POST /contacts. */
export class ContactCreateDto extends ContactFieldsDto implements ContactWriteRequest {
  @ApiProperty()
  @NameField(false)
  first_name!: string;

  @ApiProperty()
  @NameField(false)
  last_name!: string;
}

/** PATCH /contacts/{id}: the fields sent change; a name sent must not be empty. */
export class ContactUpdateDto extends ContactFieldsDto implements ContactWriteRequest {
  @ApiPropertyOptional()
  @NameField(true)
  first_name?: string;

  @ApiPropertyOptional()
  @NameField(true)
  last_name?: string;
}

/** {id} in the path. */
export class ContactIdParamDto {
  @ApiProperty()
  @IsQueryId({ message: CONTACT_ERRORS.contactId })
  id!: number;
}
