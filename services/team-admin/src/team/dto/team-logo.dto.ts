import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { NOT_AN_IMAGE_MESSAGE } from '@app/storage';
import { REQUIRED } from '../../common/validation';
import type { UploadRequest, UploadConfirmRequest } from '@app/contracts';

/** POST /admin/team/logo: the file's name and MIME type. */
export class TeamLogoUploadDto implements UploadRequest {
  @ApiProperty({ example: 'logo.png', description: 'File name (informational; the bytes decide the type)' })
  @MaxLength(255)
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  name: string;

  @ApiProperty({ example: 'image/png', description: "The file's MIME type; must be image/*" })
  @IsString({ message: NOT_AN_IMAGE_MESSAGE })
  @Matches(/^image\/[a-z0-9.+-]+$/i, { message: NOT_AN_IMAGE_MESSAGE })
  type: string;
}

/** POST /admin/team/logo/confirm (S3 driver). */
export class TeamLogoConfirmDto implements UploadConfirmRequest {
  @ApiProperty({ description: 'The key POST /admin/team/logo answered' })
  @MaxLength(512)
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  key: string;
}
