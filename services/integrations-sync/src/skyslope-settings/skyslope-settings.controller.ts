import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { SkySlopeSettingsService } from './skyslope-settings.service';
import { SkySlopeTeamService } from './skyslope-team.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import {
  MATCHED_USERS_SCHEMA,
  MESSAGE_SCHEMA,
  OFFICES_SCHEMA,
  PING_SCHEMA,
  PRIMARY_AGENTS_SCHEMA,
  REMATCH_SCHEMA,
  SETTINGS_SAVED_SCHEMA,
  SKYSLOPE_SETTINGS_SCHEMA,
} from '../integrations-sync.openapi';
import type {
  ChooseSkySlopeOfficeRequest,
  ChooseSkySlopePrimaryAgentRequest,
  SaveSkySlopeSettingsRequest,
  SkySlopeRematchRequest,
} from '@app/contracts';

/** POST /skyslope/settings: checked by the service, which words each field's message (spec 002 section 2.6). */
export class SaveSkySlopeSettingsDto implements SaveSkySlopeSettingsRequest {
  @ApiProperty({ description: "The team's Access Key (1 to 256 characters), or its mask to keep the stored one" })
  @Allow()
  accessKey!: SaveSkySlopeSettingsRequest['accessKey'];

  @ApiProperty({ description: "The team's Access Secret (1 to 256 characters), or its mask to keep the stored one" })
  @Allow()
  accessSecret!: SaveSkySlopeSettingsRequest['accessSecret'];

  @ApiPropertyOptional({ description: '{send_commission, send_commission_splits, send_referral}: booleans' })
  @Allow()
  prefs?: SaveSkySlopeSettingsRequest['prefs'];
}

export class OfficesQueryDto {
  @ApiPropertyOptional({ description: "The caller's team (another team's id answers 404)" })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsInt({ message: 'Invalid input' })
  @Min(1, { message: 'Invalid input' })
  @Max(2_147_483_647, { message: 'Invalid input' })
  team_id?: number;
}

// Checked by the service, which words each field's message.
export class ChooseOfficeDto implements ChooseSkySlopeOfficeRequest {
  @ApiProperty({ description: "One of the team's SkySlope office guids" })
  @Allow()
  skyslope_guid!: ChooseSkySlopeOfficeRequest['skyslope_guid'];
}

export class ChoosePrimaryAgentDto implements ChooseSkySlopePrimaryAgentRequest {
  @ApiProperty({
    nullable: true,
    description: "A guid of GET /skyslope/primary-agent, or null: the same as the transaction's primary agent",
  })
  @Allow()
  selected_primary_agent_guid!: ChooseSkySlopePrimaryAgentRequest['selected_primary_agent_guid'];
}

export class RematchDto implements SkySlopeRematchRequest {
  @ApiProperty({ description: 'true' })
  @Allow()
  match_skyslope_users!: SkySlopeRematchRequest['match_skyslope_users'];
}

@ApiTags('skyslope')
@ApiBearerAuth()
@Roles('ADMIN')
@ApiErrors(401, 403)
@Controller('skyslope')
export class SkySlopeSettingsController {
  constructor(
    private readonly settings: SkySlopeSettingsService,
    private readonly team: SkySlopeTeamService,
  ) {}

  @Get('settings')
  @ApiOperation({
    summary: "The team's SkySlope keys, masked ('••••' and the last 4 characters; empty when none), and the commission preferences",
  })
  @ApiAnswer(200, SKYSLOPE_SETTINGS_SCHEMA)
  get(@CurrentUser() caller: AuthenticatedUser) {
    return this.settings.get(caller);
  }

  @Post('settings')
  @HttpCode(200)
  @ApiOperation({ summary: "Saves the team's Access Key and Secret (encrypted at rest) and the preferences -> {message}" })
  @ApiAnswer(200, SETTINGS_SAVED_SCHEMA)
  @ApiErrors(400)
  save(@CurrentUser() caller: AuthenticatedUser, @Body() body: SaveSkySlopeSettingsDto) {
    return this.settings.save(caller, body);
  }

  @Get('ping')
  @ApiOperation({
    summary:
      'Tests the saved keys (a login and GET /api/offices): {status_code, message}; 0 success, 1 no credentials, 2 refused, 3 unreachable or timed out, 4 rate limited',
  })
  @ApiAnswer(200, PING_SCHEMA)
  ping(@CurrentUser() caller: AuthenticatedUser) {
    return this.settings.ping(caller);
  }

  @Get('offices')
  @ApiOperation({ summary: "SkySlope's offices {guid: name} (kept 5 minutes) and the team's choice: {skyslope_offices, skyslope_guid}" })
  @ApiAnswer(200, OFFICES_SCHEMA)
  @ApiErrors(400, 404)
  offices(@CurrentUser() caller: AuthenticatedUser, @Query() query: OfficesQueryDto) {
    return this.team.offices(caller, query.team_id);
  }

  @Post('offices')
  @HttpCode(200)
  @ApiOperation({ summary: "Chooses the team's SkySlope office; another guid: 400 'Invalid input'" })
  @ApiAnswer(200, MESSAGE_SCHEMA, 'Office saved')
  @ApiErrors(400)
  chooseOffice(@CurrentUser() caller: AuthenticatedUser, @Body() body: ChooseOfficeDto) {
    return this.team.chooseOffice(caller, body.skyslope_guid);
  }

  @Get('primary-agent')
  @ApiOperation({
    summary:
      "The choices (the team's users matched to a SkySlope user: {guid, full_name}) and the one chosen (null: the transaction's primary agent)",
  })
  @ApiAnswer(200, PRIMARY_AGENTS_SCHEMA)
  primaryAgents(@CurrentUser() caller: AuthenticatedUser) {
    return this.team.primaryAgents(caller);
  }

  @Post('primary-agent')
  @HttpCode(200)
  @ApiOperation({ summary: 'Chooses the primary agent sent to SkySlope: a guid of the choices, or null' })
  @ApiAnswer(200, MESSAGE_SCHEMA, 'Primary agent saved')
  @ApiErrors(400)
  choosePrimaryAgent(@CurrentUser() caller: AuthenticatedUser, @Body() body: ChoosePrimaryAgentDto) {
    return this.team.choosePrimaryAgent(caller, body.selected_primary_agent_guid ?? null);
  }

  @Get('matched-users')
  @ApiOperation({
    summary: "The team's users matched to SkySlope users: {matched_users: [{agent_id, first_name, last_name, matching_email, guid}]}",
  })
  @ApiAnswer(200, MATCHED_USERS_SCHEMA)
  matchedUsers(@CurrentUser() caller: AuthenticatedUser) {
    return this.team.matchedUsers(caller);
  }

  @Post('matched-users')
  @ApiOperation({
    summary:
      "Runs the matching (a second request while it runs joins it) and waits up to 20 s: 200 {status: 'Successfully updated matched users'} or 202 {status: 'Matching is still running. Refresh in a moment.'}",
  })
  @ApiAnswer(200, REMATCH_SCHEMA, 'Matching done')
  @ApiAnswer(202, REMATCH_SCHEMA, 'Matching still running')
  @ApiErrors(400)
  async rematch(@CurrentUser() caller: AuthenticatedUser, @Body() body: RematchDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const outcome = await this.team.rematch(caller, body.match_skyslope_users);
    reply.status(outcome.done ? 200 : 202);
    return { status: outcome.status };
  }
}
