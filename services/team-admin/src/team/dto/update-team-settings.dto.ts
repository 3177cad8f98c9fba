import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import type { TeamSettingsUpdate } from '@app/contracts';
import { EmptyAsNull, IsTimeZone, REQUIRED, SAFE_TEXT, SAFE_TEXT_MESSAGE, Trim } from '../../common/validation';

/**
 * PATCH /admin/team: any of the fields (absent: unchanged; null or '' clears an address field). The resulting
 * name and timezone are required; the service checks that against the stored team.
 */
export class UpdateTeamSettingsDto implements TeamSettingsUpdate {
  @ApiPropertyOptional({ example: 'Demo Realty', maxLength: 100 })
  @ValidateIf((_o, v) => v !== undefined)
  @MaxLength(100)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  // Listed last so that its message comes first when the value is missing.
  @IsString(REQUIRED)
  @IsNotEmpty(REQUIRED)
  @Trim()
  name?: string;

  @ApiPropertyOptional({ nullable: true, maxLength: 200 })
  @IsOptional()
  @EmptyAsNull()
  @IsString()
  @MaxLength(200)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  address_1?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 200 })
  @IsOptional()
  @EmptyAsNull()
  @IsString()
  @MaxLength(200)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  address_2?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 100 })
  @IsOptional()
  @EmptyAsNull()
  @IsString()
  @MaxLength(100)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  city?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 50 })
  @IsOptional()
  @EmptyAsNull()
  @IsString()
  @MaxLength(50)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  state?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 20 })
  @IsOptional()
  @EmptyAsNull()
  @IsString()
  @MaxLength(20)
  @Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE)
  postal_code?: string | null;

  @ApiPropertyOptional({ example: 'America/New_York', description: "An IANA time zone name or 'UTC'" })
  @ValidateIf((_o, v) => v !== undefined && v !== null && v !== '')
  @IsTimeZone()
  timezone?: string | null;

  // Read-only fields of TeamSettings, accepted (and ignored) so that a form may send the record back.
  @ApiPropertyOptional({ description: 'Ignored (read-only)' }) @Allow() team_id?: unknown;
  @ApiPropertyOptional({ description: 'Ignored (read-only)' }) @Allow() logo_url?: unknown;
}
