import { ACCOUNT_MESSAGES } from '@app/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { LANDING_PAGE_IDS, LANDING_PAGE_MESSAGE } from '../../defaults/landing-pages';
import {
  AMOUNT_MESSAGE,
  IsTimeZone,
  IsWireDate,
  PERCENT_MESSAGE,
  RequiredPersonName,
  RequiredPhone,
  SAFE_TEXT,
  SAFE_TEXT_MESSAGE,
} from './validation';

const MAX_AMOUNT = 9_999_999_999.99;

/** Integrations section (teams with the transaction_sync permission only). */
export class ProfileIntegrationsDto {
  @ApiPropertyOptional({ nullable: true, description: "The agent's SkySlope agent GUID, used to match transactions during sync" })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9-]{1,64}$/, { message: 'Letters, digits and dashes only (at most 64)' })
  skyslope_agent_guid?: string | null;
}

// A PATCH changes only what it sends: these required fields are checked when present ('Required' for
// '', spaces or null) and left as stored when absent.
const WhenSent = () => ValidateIf((_o, value) => value !== undefined);

/**
 * PATCH /user/profile: any subset of the fields; absent ones are unchanged. first_name, last_name and
 * mobile_phone cannot be cleared; every other field can (null).
 */
export class UpdateProfileDto {
  @ApiPropertyOptional({ description: 'Required when sent (cannot be cleared)' })
  @WhenSent()
  @RequiredPersonName()
  first_name?: string;

  @ApiPropertyOptional({ description: 'Required when sent (cannot be cleared)' })
  @WhenSent()
  @RequiredPersonName()
  last_name?: string;

  @ApiPropertyOptional({ description: 'Required when sent (cannot be cleared)' })
  @WhenSent()
  @RequiredPhone()
  mobile_phone?: string;

  @ApiPropertyOptional({ description: 'The sign-in email; must not belong to another user' })
  @IsOptional()
  @IsEmail({}, { message: ACCOUNT_MESSAGES.invalidEmail })
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_o, v) => v !== null && v !== '')
  @IsEmail({}, { message: ACCOUNT_MESSAGES.invalidEmail })
  alternate_email?: string | null;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(200) @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE) address_1?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(200) @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE) address_2?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(100) @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE) city?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(50) @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE) state?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(20) @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE) postal_code?:
    string | null;
  @ApiPropertyOptional({ nullable: true, example: 'America/New_York' }) @IsOptional() @IsTimeZone() timezone?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  business_entity?: string | null;

  @ApiPropertyOptional({ description: 'One of GET /user/landing-page-choices ids', example: 'SNAPSHOT' })
  @IsOptional()
  @IsIn(LANDING_PAGE_IDS, { message: LANDING_PAGE_MESSAGE })
  default_landing_page?: string;

  @ApiPropertyOptional({ nullable: true, description: 'ADMIN callers only (403 otherwise)' })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  notes?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'Cap and split field (see the operation description)' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, AMOUNT_MESSAGE)
  @Min(0, AMOUNT_MESSAGE)
  @Max(MAX_AMOUNT, AMOUNT_MESSAGE)
  brokerage_cap_amt?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'Cap and split field' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, AMOUNT_MESSAGE)
  @Min(0, AMOUNT_MESSAGE)
  @Max(MAX_AMOUNT, AMOUNT_MESSAGE)
  royalty_cap_amt?: number | null;

  @ApiPropertyOptional({ nullable: true, example: '03-15-2026', description: 'Cap and split field, MM-DD-YYYY' })
  @IsOptional()
  @IsWireDate()
  brokerage_cap_anniversary_dt?: string | null;

  @ApiPropertyOptional({ nullable: true, example: '03-15-2026', description: 'Cap and split field, MM-DD-YYYY' })
  @IsOptional()
  @IsWireDate()
  royalty_cap_anniversary_dt?: string | null;

  @ApiPropertyOptional({ nullable: true, example: 30, description: 'Cap and split field, 0-100, at most 2 decimals' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, PERCENT_MESSAGE)
  @Min(0, PERCENT_MESSAGE)
  @Max(100, PERCENT_MESSAGE)
  brokerage_pct?: number | null;

  @ApiPropertyOptional({ nullable: true, example: 70, description: 'Cap and split field, 0-100, at most 2 decimals' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, PERCENT_MESSAGE)
  @Min(0, PERCENT_MESSAGE)
  @Max(100, PERCENT_MESSAGE)
  agent_pct?: number | null;

  @ApiPropertyOptional({ type: ProfileIntegrationsDto, description: 'Teams with transaction_sync only (403 otherwise)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => ProfileIntegrationsDto)
  integrations?: ProfileIntegrationsDto;
}

/** The cap and split fields (spec 000 section 5). */
export const CAP_FIELDS = [
  'brokerage_cap_amt',
  'royalty_cap_amt',
  'brokerage_cap_anniversary_dt',
  'royalty_cap_anniversary_dt',
  'brokerage_pct',
  'agent_pct',
] as const;
