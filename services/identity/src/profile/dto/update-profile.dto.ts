import { ACCOUNT_MESSAGES } from '@app/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

// The spec forbids these characters in profile text fields.
const SAFE_TEXT = /^[^<>*!(){}]*$/;
const SAFE_TEXT_MESSAGE = ACCOUNT_MESSAGES.forbiddenCharacters;
const PHONE = /^[0-9()+\-.\s]{7,20}$/;

/** The profile fields the skeleton lets a user change; the account issue extends this. */
export class UpdateProfileDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(100)
  @Matches(SAFE_TEXT, { message: SAFE_TEXT_MESSAGE })
  first_name: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(100)
  @Matches(SAFE_TEXT, { message: SAFE_TEXT_MESSAGE })
  last_name: string;

  @ApiProperty({ example: '(555) 555-0100' })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @Matches(PHONE, { message: 'Invalid phone number' })
  mobile_phone: string;

  @ApiPropertyOptional()
  @IsOptional()
  @ValidateIf((_o, v) => v !== null && v !== '')
  @IsEmail({}, { message: 'Invalid email address.' })
  alternate_email?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) @Matches(SAFE_TEXT, { message: SAFE_TEXT_MESSAGE }) address_1?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) @Matches(SAFE_TEXT, { message: SAFE_TEXT_MESSAGE }) address_2?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) @Matches(SAFE_TEXT, { message: SAFE_TEXT_MESSAGE }) city?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(50) @Matches(SAFE_TEXT, { message: SAFE_TEXT_MESSAGE }) state?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) @Matches(SAFE_TEXT, { message: SAFE_TEXT_MESSAGE }) postal_code?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) timezone?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) @Matches(SAFE_TEXT, { message: SAFE_TEXT_MESSAGE }) business_entity?: string | null;
}
