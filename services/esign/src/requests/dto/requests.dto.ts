import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_DATABASE_ID } from '@app/platform';

export class RequestIdParamDto {
  @ApiProperty({ description: 'esig_request_id' })
  @Type(() => Number)
  @IsInt({ message: 'Please enter a valid value' })
  @Min(1, { message: 'Please enter a valid value' })
  @Max(MAX_DATABASE_ID, { message: 'Please enter a valid value' })
  id!: number;
}
