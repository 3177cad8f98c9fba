import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsOptional } from 'class-validator';
import { FORM_FIELD_MESSAGES, ROADMAP_BULK_MAX_TRANSACTIONS, type RoadmapBulkRequest } from '@app/contracts';
import { IsDatabaseId, IsQueryId } from '@app/platform';
import { TASK_ERRORS } from '../../tasks/tasks.errors';

const REQUIRED = { message: FORM_FIELD_MESSAGES.required };

/** GET /rtc. */
export class RoadmapListQueryDto {
  @ApiPropertyOptional({ default: true, description: 'false: each template with its steps' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'Must be true or false' })
  suppress_steps?: boolean;
}

/** {rtc_id} in the path. */
export class RtcIdParamDto {
  @ApiProperty()
  @IsQueryId({ message: TASK_ERRORS.rtcIds })
  rtc_id!: number;
}

/** POST and DELETE /transaction/rtc/bulk. */
export class RoadmapBulkDto implements RoadmapBulkRequest {
  @ApiProperty({ type: [Number], maxItems: ROADMAP_BULK_MAX_TRANSACTIONS })
  @IsArray({ message: TASK_ERRORS.clientIds })
  @ArrayMinSize(1, { message: TASK_ERRORS.clientIds })
  @ArrayMaxSize(ROADMAP_BULK_MAX_TRANSACTIONS, { message: TASK_ERRORS.clientIds })
  @IsDatabaseId({ each: true, message: TASK_ERRORS.clientIds })
  @IsDefined(REQUIRED)
  client_ids!: number[];

  @ApiProperty({ type: [Number], description: 'Roadmap template ids' })
  @IsArray({ message: TASK_ERRORS.rtcIds })
  @ArrayMinSize(1, { message: TASK_ERRORS.rtcIds })
  @ArrayMaxSize(50, { message: TASK_ERRORS.rtcIds })
  @IsDatabaseId({ each: true, message: TASK_ERRORS.rtcIds })
  @IsDefined(REQUIRED)
  rtc_id!: number[];
}
