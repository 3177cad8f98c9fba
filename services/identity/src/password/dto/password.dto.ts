import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ACCOUNT_MESSAGES, type ForgotPasswordRequest, type ResetPasswordRequest, type ChangePasswordRequest } from '@app/contracts';

// Password fields are only type-checked here: the section 5 rules and their messages live in
// password-rules.ts, shared by every password form.

export class ForgotPasswordDto implements ForgotPasswordRequest {
  @ApiProperty({ example: 'agent@demo-realty.test' })
  @IsEmail({}, { message: ACCOUNT_MESSAGES.invalidEmail })
  @MaxLength(254, { message: ACCOUNT_MESSAGES.invalidEmail })
  email: string;

  @ApiProperty({ description: 'The code the visitor read from the captcha image' })
  @IsString({ message: ACCOUNT_MESSAGES.invalidCaptcha })
  @IsNotEmpty({ message: ACCOUNT_MESSAGES.invalidCaptcha })
  @MaxLength(32, { message: ACCOUNT_MESSAGES.invalidCaptcha })
  captcha_string: string;

  @ApiProperty({ description: 'captcha_hash of GET /auth/captcha' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  captcha_hash: string;
}

export class ResetPasswordDto implements ResetPasswordRequest {
  @ApiProperty({ description: 'The key of the link /auth/reset-password/{key}' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  reset_key: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: ACCOUNT_MESSAGES.fieldRequired })
  password: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: ACCOUNT_MESSAGES.fieldRequired })
  verify_password: string;
}

/** GET /auth/reset-password/check: is the key of a reset link still good? */
export class ResetKeyQueryDto {
  @ApiProperty({ description: 'The key of the link /auth/reset-password/{key}' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  reset_key?: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @IsOptional()
  @IsString({ message: ACCOUNT_MESSAGES.fieldRequired })
  @MaxLength(200)
  current_password: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: ACCOUNT_MESSAGES.fieldRequired })
  new_password: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: ACCOUNT_MESSAGES.fieldRequired })
  confirm_new_password: string;
}
