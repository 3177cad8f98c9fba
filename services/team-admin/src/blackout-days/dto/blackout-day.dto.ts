import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsQueryId } from '@app/platform';
import { EmptyAsUndefined } from '../../common/validation';
import type { BlackoutDayCreateRequest } from '@app/contracts';

// Trimmed; null and '' mean "not sent" (the console may send the unused half of the form empty).
const Absent = () =>
  Transform(({ value }) => {
    const trimmed = typeof value === 'string' ? value.trim() : value;
    return trimmed === null || trimmed === '' ? undefined : trimmed;
  });

/**
 * POST /admin/team/blackout-day: {predefined_day_key}, or {day_label, day_date}. Which fields are required
 * depends on which kind is sent, so the service checks that (and the date) with the spec's messages.
 */
export class CreateBlackoutDayDto implements BlackoutDayCreateRequest {
  @ApiPropertyOptional({ example: 'thanksgiving_day', description: 'A holiday or weekday id of GET /admin/team/blackout-days/options' })
  @Absent()
  @IsOptional()
  @IsString()
  predefined_day_key?: string;

  @ApiPropertyOptional({ example: 'Office party', maxLength: 100, description: 'Custom days' })
  @Absent()
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'At most 100 characters' })
  day_label?: string;

  @ApiPropertyOptional({ example: '12-24-2026', description: 'Custom days: MM-DD-YYYY' })
  @Absent()
  @IsOptional()
  @IsString()
  day_date?: string;
}

/** DELETE /admin/team/blackout-day?team_blackout_day_id=N or ?predefined_day_key=K. */
export class DeleteBlackoutDayQueryDto {
  @ApiPropertyOptional({ example: 1 })
  @EmptyAsUndefined()
  @IsOptional()
  @IsQueryId({ message: 'Must be a blackout day id' })
  team_blackout_day_id?: number;

  @ApiPropertyOptional({ example: 'saturday' })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString()
  predefined_day_key?: string;
}
