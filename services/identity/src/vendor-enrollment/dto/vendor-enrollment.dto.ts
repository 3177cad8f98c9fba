import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import {
  FORM_FIELD_MESSAGES,
  VENDOR_ENROLLMENT_MESSAGES as M,
  VENDOR_TEXT_MAX_LENGTH,
  VENDOR_TYPES,
  type VendorType,
  type VendorAddress,
  type VendorPrimaryContact,
  type VendorEnrollment,
  type VendorInviteRequest,
  type RevokeVendorInviteRequest,
} from '@app/contracts';
import { IsEmailField, IsPhoneField, IsRequiredField, MAX_DATABASE_ID } from '@app/platform';

const trim = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** A required text of the form: 'Required.' ('required.' for the contact's fields) when missing or blank. */
function RequiredText(requiredMessage: string, example?: string) {
  // Applied in this order: the required rule registers first, so its message is the one answered.
  return applyDecorators(
    IsRequiredField({ message: requiredMessage }),
    IsString({ message: FORM_FIELD_MESSAGES.invalidValue }),
    MaxLength(VENDOR_TEXT_MAX_LENGTH, { message: M.tooLong(VENDOR_TEXT_MAX_LENGTH) }),
    trim,
    ApiProperty({ type: String, maxLength: VENDOR_TEXT_MAX_LENGTH, example }),
  );
}

/**
 * A non-object nested part becomes an empty one, so each of its fields reports 'Required.' (a missing one
 * keeps the empty instance the property starts with).
 */
const NestedObject = <T extends object>(cls: new () => T) =>
  applyDecorators(
    Transform(({ value }) => plainToInstance(cls, value && typeof value === 'object' && !Array.isArray(value) ? value : {})),
    ValidateNested(),
  );

export class VendorAddressDto implements VendorAddress {
  @RequiredText(M.required, '12 Main Street') address_1!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: VENDOR_TEXT_MAX_LENGTH })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsOptional()
  @IsString({ message: FORM_FIELD_MESSAGES.invalidValue })
  @MaxLength(VENDOR_TEXT_MAX_LENGTH, { message: M.tooLong(VENDOR_TEXT_MAX_LENGTH) })
  address_2?: string | null;

  @RequiredText(M.required, 'Springfield') city!: string;
  @RequiredText(M.required, 'IL') state!: string;
  @RequiredText(M.required, '62701') postal_code!: string;
}

export class VendorPrimaryContactDto implements VendorPrimaryContact {
  @RequiredText(M.contactRequired, 'Pat') first_name!: string;
  @RequiredText(M.contactRequired, 'Lender') last_name!: string;
  // The form does not check the format; the server refuses an address no one could sign in with.
  @IsEmailField({ requiredMessage: M.contactRequired }) email!: string;
  @IsPhoneField({ requiredMessage: M.contactRequired }) phone!: string;
}

/** POST /enroll/vendor: the Vendor Enrollment Form (spec 001 sections 3 and 5). */
export class VendorEnrollmentDto implements VendorEnrollment {
  @ApiProperty({ type: String })
  @IsString({ message: M.required })
  @IsRequiredField({ message: M.required })
  invite_token!: string;

  @RequiredText(M.required, 'Acme Title Co.') name!: string;

  @ApiProperty({ type: VendorAddressDto })
  @NestedObject(VendorAddressDto)
  address: VendorAddressDto = new VendorAddressDto();

  @ApiProperty({ type: VendorPrimaryContactDto })
  @NestedObject(VendorPrimaryContactDto)
  primary_contact: VendorPrimaryContactDto = new VendorPrimaryContactDto();
}

const optionalText = (example: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: VENDOR_TEXT_MAX_LENGTH, example }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value)),
    IsOptional(),
    IsString({ message: FORM_FIELD_MESSAGES.invalidValue }),
    MaxLength(VENDOR_TEXT_MAX_LENGTH, { message: M.tooLong(VENDOR_TEXT_MAX_LENGTH) }),
  );

/** POST /enroll/vendor/link: whom the invite is for (all optional); mailed when an email is given. */
export class CreateVendorInviteDto implements VendorInviteRequest {
  @IsEmailField({ required: false }) email?: string | null;

  @optionalText('Acme Title Co.') name?: string | null;

  @ApiPropertyOptional({ enum: VENDOR_TYPES, nullable: true })
  @Transform(({ value }) => (value === '' ? null : value))
  @IsOptional()
  @IsIn(VENDOR_TYPES, { message: M.unknownVendorType })
  vendor_type?: VendorType | null;
}

/** DELETE /enroll/vendor/link: the invite by its token, or by the invite_id of the list. */
export class RevokeVendorInviteDto implements RevokeVendorInviteRequest {
  @ApiPropertyOptional({ type: String })
  @ValidateIf((o: RevokeVendorInviteDto) => o.invite_id === undefined)
  @IsString({ message: M.tokenOrId })
  @IsRequiredField({ message: M.tokenOrId })
  invite_token?: string;

  @ApiPropertyOptional({ type: Number })
  @IsOptional()
  @IsInt({ message: M.tokenOrId })
  @Min(1, { message: M.tokenOrId })
  @Max(MAX_DATABASE_ID, { message: M.tokenOrId })
  invite_id?: number;
}

/** GET /enroll/vendor/link/info?invite_token= */
export class VendorInviteInfoQueryDto {
  @ApiProperty({ type: String })
  @IsString({ message: M.required })
  @IsRequiredField({ message: M.required })
  invite_token!: string;
}
