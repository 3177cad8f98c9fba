import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  CIRCLE_DASHBOARD_IDS,
  DASHBOARD_IDS,
  DASHBOARD_MESSAGES as M,
  DISPLAY_SLIDES_MAX,
  GOAL_METRICS,
  GOAL_YEAR_MAX,
  GOAL_YEAR_MIN,
  LEADERBOARD_REPORTS,
  type CircleDashboardId,
  type DashboardId,
  type GoalMetric,
  type LeaderboardReport,
  type GoalInput,
  type SlideConfigInput,
  type DisplayConfigUpdate,
  type GoalsUpdate,
} from '@app/contracts';
import { IsDatabaseId, IsPageNumber } from '@app/platform';
import { numberOrRaw } from '../../common/query-values';
import { TRANSACTION_ERRORS } from '../../transactions/transactions.errors';

const DASHBOARD_ID_ERROR = 'Choose a dashboard: 7, 9, 2 or 3 (the leaderboard is GET /leaderboard)';
const DATE_DESCRIPTION = "MM-DD-YYYY; both omitted: the current month in the team's time zone";

/** GET /dashboards: no id lists them; with an id, that dashboard's data. */
export class DashboardQueryDto {
  @ApiPropertyOptional({ enum: [7, 9, 2, 3] })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn([7, 9, 2, 3], { message: DASHBOARD_ID_ERROR })
  id?: Exclude<DashboardId, 4>;

  @ApiPropertyOptional({
    description: 't{team_id}, a{agent_id}, i{isa_id} or ig{team_id}; default the team, or the caller with agent_restricted_team_dashboard',
  })
  @IsOptional()
  @IsString({ message: M.invalidContext })
  @MaxLength(32, { message: M.invalidContext })
  context?: string;

  @ApiPropertyOptional({ description: DATE_DESCRIPTION })
  @IsOptional()
  @IsString({ message: M.invalidDate })
  dashboard_start_date?: string;

  @ApiPropertyOptional({ description: DATE_DESCRIPTION })
  @IsOptional()
  @IsString({ message: M.invalidDate })
  dashboard_end_date?: string;
}

/** GET /leaderboard?id=4&context&report&start_date&end_date. */
export class LeaderboardQueryDto {
  @ApiPropertyOptional({ enum: [4] })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn([4], { message: 'The leaderboard is dashboard 4' })
  id?: 4;

  @ApiPropertyOptional({ description: "Checked like the dashboards' (400, 404); the leaderboard is always the caller's team" })
  @IsOptional()
  @IsString({ message: M.invalidContext })
  @MaxLength(32, { message: M.invalidContext })
  context?: string;

  @ApiPropertyOptional({ enum: LEADERBOARD_REPORTS, default: 'closed' })
  @IsOptional()
  @IsIn(LEADERBOARD_REPORTS, { message: M.report })
  report?: LeaderboardReport;

  @ApiPropertyOptional({ description: DATE_DESCRIPTION })
  @IsOptional()
  @IsString({ message: M.invalidDate })
  start_date?: string;

  @ApiPropertyOptional({ description: DATE_DESCRIPTION })
  @IsOptional()
  @IsString({ message: M.invalidDate })
  end_date?: string;
}

export class SlideDto implements SlideConfigInput {
  @ApiProperty({ enum: DASHBOARD_IDS })
  @IsIn(DASHBOARD_IDS, { message: M.slideId })
  id!: DashboardId;

  @ApiPropertyOptional({ enum: LEADERBOARD_REPORTS, nullable: true, description: 'Slide 4 only (required there)' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsIn(LEADERBOARD_REPORTS, { message: M.report })
  report?: LeaderboardReport | null;

  @ApiPropertyOptional({ description: 'Slide 4: from 1 January to today' })
  @IsOptional()
  @IsBoolean({ message: 'Must be true or false' })
  ytd?: boolean;
}

/** PUT /dashboard/display/config (ADMIN). */
export class DisplayConfigDto implements DisplayConfigUpdate {
  @ApiProperty({ type: [SlideDto] })
  @IsArray({ message: M.slides })
  @ArrayMinSize(1, { message: M.slides })
  @ArrayMaxSize(DISPLAY_SLIDES_MAX, { message: `At most ${DISPLAY_SLIDES_MAX} slides` })
  @ValidateNested({ each: true })
  @Type(() => SlideDto)
  slides!: SlideDto[];

  @ApiProperty({ enum: CIRCLE_DASHBOARD_IDS })
  @IsIn(CIRCLE_DASHBOARD_IDS, { message: M.defaultDashboard })
  default_dashboard_id!: CircleDashboardId;
}

export class GoalsQueryDto {
  @ApiPropertyOptional({ description: "Default: this year in the team's time zone" })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: M.year })
  @Min(GOAL_YEAR_MIN, { message: M.year })
  @Max(GOAL_YEAR_MAX, { message: M.year })
  year?: number;
}

export class GoalDto implements GoalInput {
  @ApiProperty({ nullable: true, description: "null: the team's own goal" })
  @ValidateIf((_, value) => value !== null)
  @IsDatabaseId({ message: M.agent })
  agent_id!: number | null;

  @ApiProperty({ enum: GOAL_METRICS })
  @IsIn(GOAL_METRICS, { message: M.metric })
  metric!: GoalMetric;

  @ApiProperty({ nullable: true, description: 'Counts whole, amounts with 2 decimals, 0 or more; null removes the goal' })
  @IsDefined({ message: M.count })
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: M.count })
  value!: number | null;
}

/** PUT /dashboard/goals (ADMIN). */
export class GoalsDto implements GoalsUpdate {
  @ApiProperty()
  @IsInt({ message: M.year })
  @Min(GOAL_YEAR_MIN, { message: M.year })
  @Max(GOAL_YEAR_MAX, { message: M.year })
  year!: number;

  @ApiProperty({ type: [GoalDto] })
  @IsArray({ message: 'Send the goals as a list' })
  @ArrayMaxSize(5000, { message: 'At most 5000 goals at once' })
  @ValidateNested({ each: true })
  @Type(() => GoalDto)
  goals!: GoalDto[];
}

/** GET /dashboard/activity?agent_id&page&per_page. */
export class ActivityQueryDto {
  @ApiPropertyOptional({ description: 'Default the caller; ADMIN and TRANC any user of the team' })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsDatabaseId({ message: TRANSACTION_ERRORS.teamUser })
  agent_id?: number;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsPageNumber()
  page?: number;

  @ApiPropertyOptional({ default: 20, enum: [10, 20, 60, 100] })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn([10, 20, 60, 100], { message: 'Must be one of 10, 20, 60, 100' })
  per_page?: number;
}
