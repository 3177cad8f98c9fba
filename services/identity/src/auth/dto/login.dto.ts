import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
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

export class RefreshDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'This field is required' })
  @MaxLength(200)
  refresh_token: string;
}
