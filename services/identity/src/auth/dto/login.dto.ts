import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { LoginRequest, RefreshRequest } from '@app/contracts';

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'admin@demo-realty.test' })
  @IsEmail({}, { message: 'Invalid email address.' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'DemoPass1!' })
  @IsString()
  @IsNotEmpty({ message: 'This field is required' })
  @MaxLength(200)
  password: string;
}

/** POST /auth/refresh and /auth/logout: the token in the body, or (the console) in the realty_refresh cookie. */
export class RefreshDto implements RefreshRequest {
  @ApiPropertyOptional({ description: 'Absent: the realty_refresh cookie' })
  @IsOptional()
  @IsString({ message: 'This field is required' })
  @IsNotEmpty({ message: 'This field is required' })
  @MaxLength(200)
  refresh_token?: string;
}
