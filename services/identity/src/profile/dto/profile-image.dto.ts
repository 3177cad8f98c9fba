import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsQueryId } from '@app/platform';
import { NOT_AN_IMAGE_MESSAGE } from '@app/storage';
import type { UploadRequest, UploadConfirmRequest } from '@app/contracts';

/** ?agent_id= : an ADMIN may act on another user of the same team. */
export class ProfileImageQueryDto {
  @ApiPropertyOptional({ description: "Another user of the caller's team (ADMIN only); default the caller" })
  @IsOptional()
  @IsQueryId({ message: 'Must be a user id' })
  agent_id?: number;
}

export class ProfileImageUploadDto implements UploadRequest {
  @ApiProperty({ example: 'me.png', description: 'File name (informational; the bytes decide the type)' })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(255)
  name: string;

  @ApiProperty({ example: 'image/png', description: "The file's MIME type; must be image/*" })
  @IsString({ message: NOT_AN_IMAGE_MESSAGE })
  @Matches(/^image\/[a-z0-9.+-]+$/i, { message: NOT_AN_IMAGE_MESSAGE })
  type: string;
}

export class ProfileImageConfirmDto implements UploadConfirmRequest {
  @ApiProperty({ description: 'The key POST /user/profile/image answered' })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(512)
  key: string;
}
