import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, TEAM_MEMBER_ROLES, type Role, type AdminUserForm } from '@app/contracts';
import { IsDatabaseId, MAX_DATABASE_ID, SAFE_TEXT, SAFE_TEXT_MESSAGE } from '@app/platform';
import { RequiredPersonName, RequiredPhone } from '../../profile/dto/validation';
import { ADMIN_USER_ERRORS } from '../admin-users.errors';
import { IsFormDate } from '../form-date';

const REQUIRED = { message: ADMIN_MESSAGES.required };
const MAX_AMOUNT = 9_999_999_999.99;
const AMOUNT = { message: ADMIN_USER_ERRORS.amount };
const TEMPLATE_IDS = { each: true, message: ADMIN_USER_ERRORS.templateIds };

// A cleared optional field arrives as '' from the form: stored as null.
const emptyToNull = Transform(({ value }) => (value === '' ? null : value));
// Optional, but never null: these columns are NOT NULL.
const unlessAbsent = ValidateIf((_object, value) => value !== undefined);

/** Default commission template ids (transactions' GET /commission/templates; not cross-checked here). */
export class CommissionTemplatesDto {
  @ApiProperty({ type: [Number] })
  @IsArray({ message: ADMIN_USER_ERRORS.templateIds })
  @ArrayMaxSize(100)
  @IsInt(TEMPLATE_IDS)
  @Min(1, TEMPLATE_IDS)
  @Max(MAX_DATABASE_ID, TEMPLATE_IDS)
  buyer: number[];

  @ApiProperty({ type: [Number] })
  @IsArray({ message: ADMIN_USER_ERRORS.templateIds })
  @ArrayMaxSize(100)
  @IsInt(TEMPLATE_IDS)
  @Min(1, TEMPLATE_IDS)
  @Max(MAX_DATABASE_ID, TEMPLATE_IDS)
  seller: number[];
}

/**
 * POST /admin/user: the user form (spec 000 section 3). first_name, last_name, mobile_phone, email,
 * role_id and start_dt are required ('Required'); dates are MM/DD/YYYY. For VENDOR users the
 * real-estate fields (REAL_ESTATE_USER_FIELDS) are accepted and ignored.
 */
export class AdminUserFormDto implements AdminUserForm {
  @RequiredPersonName()
  first_name: string;

  @RequiredPersonName()
  last_name: string;

  @RequiredPhone()
  mobile_phone: string;

  @ApiProperty({ description: 'The sign-in email; unique over every team ("Email is already in use")' })
  @MaxLength(254, { message: ACCOUNT_MESSAGES.invalidEmail })
  @IsEmail({}, { message: ACCOUNT_MESSAGES.invalidEmail })
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  email: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @emptyToNull
  @IsEmail({}, { message: ACCOUNT_MESSAGES.invalidEmail })
  @MaxLength(254, { message: ACCOUNT_MESSAGES.invalidEmail })
  alternate_email?: string | null;

  @ApiProperty({ enum: TEAM_MEMBER_ROLES })
  @IsIn(TEAM_MEMBER_ROLES, { message: ADMIN_USER_ERRORS.unknownRole })
  @IsNotEmpty(REQUIRED)
  role_id: Role;

  @ApiProperty({ example: '03/15/2026', description: 'MM/DD/YYYY' })
  @IsFormDate()
  @IsNotEmpty(REQUIRED)
  start_dt: string;

  @ApiPropertyOptional({ default: true }) @unlessAbsent @IsBoolean() can_download?: boolean;
  @ApiPropertyOptional({ default: false }) @unlessAbsent @IsBoolean() can_download_activities?: boolean;
  @ApiPropertyOptional({ default: false, description: "Needs the team's team_esign permission and, with e-sign seats, a free seat" })
  @unlessAbsent
  @IsBoolean()
  esign_enabled?: boolean;
  @ApiPropertyOptional({ default: false }) @unlessAbsent @IsBoolean() leader_board_exclude?: boolean;
  @ApiPropertyOptional({ default: false }) @unlessAbsent @IsBoolean() manage_billing?: boolean;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @emptyToNull
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, AMOUNT)
  @Min(0, AMOUNT)
  @Max(MAX_AMOUNT, AMOUNT)
  brokerage_cap_amt?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @emptyToNull
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, AMOUNT)
  @Min(0, AMOUNT)
  @Max(MAX_AMOUNT, AMOUNT)
  royalty_cap_amt?: number | null;

  @ApiPropertyOptional({ nullable: true, example: '03/15/2026', description: 'MM/DD/YYYY' })
  @IsOptional()
  @emptyToNull
  @IsFormDate()
  brokerage_cap_anniversary_dt?: string | null;

  @ApiPropertyOptional({ nullable: true, example: '03/15/2026', description: 'MM/DD/YYYY' })
  @IsOptional()
  @emptyToNull
  @IsFormDate()
  royalty_cap_anniversary_dt?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @emptyToNull
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, AMOUNT)
  @Min(0, AMOUNT)
  @Max(MAX_AMOUNT, AMOUNT)
  agent_trans_fee_amt?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @emptyToNull
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, AMOUNT)
  @Min(0, AMOUNT)
  @Max(MAX_AMOUNT, AMOUNT)
  agent_monthly_fee_amt?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'Licence number' }) @IsOptional() @emptyToNull @IsString() @MaxLength(100) lic_nbr?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @emptyToNull @IsString() @MaxLength(100) pid?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @emptyToNull @IsString() @MaxLength(200) career_path?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @emptyToNull @IsString() @MaxLength(200) lead_source?: string | null;

  // notes and business_entity are profile fields too: the profile's character rule, so the user can still save it.
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @emptyToNull
  @IsString()
  @MaxLength(5000)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  notes?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @emptyToNull
  @IsString()
  @MaxLength(200)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  business_entity?: string | null;

  @ApiPropertyOptional({ default: true, description: 'Create only: mail a link to choose a password (valid 7 days)' })
  @unlessAbsent
  @IsBoolean()
  send_welcome_email?: boolean;

  @ApiPropertyOptional({ type: CommissionTemplatesDto })
  @unlessAbsent
  @ValidateNested()
  @Type(() => CommissionTemplatesDto)
  @IsDefined({ message: ADMIN_USER_ERRORS.templateIds })
  default_commission_templates?: CommissionTemplatesDto;
}

/**
 * PATCH /admin/user: agent_id and any form fields (absent: unchanged; null clears an optional field;
 * required fields cannot be cleared). send_welcome_email, status and profile_image_url are accepted so
 * a record can be sent back whole, and ignored.
 */
export class UpdateAdminUserDto extends PartialType(AdminUserFormDto, { skipNullProperties: false }) implements Partial<AdminUserForm> {
  @ApiProperty({ description: 'A JSON integer: a string or a boolean is refused' })
  @IsDatabaseId({ message: ADMIN_USER_ERRORS.userId })
  @IsDefined(REQUIRED)
  agent_id: number;

  @ApiPropertyOptional({ description: 'Read-only (ignored): use DELETE /admin/user and PATCH /admin/user/activate' })
  @IsOptional()
  status?: unknown;

  @ApiPropertyOptional({ description: 'Read-only (ignored): use POST /admin/user/avatar' })
  @IsOptional()
  profile_image_url?: unknown;
}
