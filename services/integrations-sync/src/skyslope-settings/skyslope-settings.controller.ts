import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { SkySlopeSettingsService } from './skyslope-settings.service';

/** POST /skyslope/settings: checked by the service, which words each field's message (issue 25). */
export class SaveSkySlopeSettingsDto {
  @ApiProperty({ description: 'The team\'s Access Key (1 to 256 characters), or its mask to keep the stored one' })
  @Allow()
  accessKey?: unknown;

  @ApiProperty({ description: 'The team\'s Access Secret (1 to 256 characters), or its mask to keep the stored one' })
  @Allow()
  accessSecret?: unknown;

  @ApiPropertyOptional({ description: '{send_commission, send_commission_splits, send_referral}: booleans' })
  @Allow()
  prefs?: unknown;
}

@ApiTags('skyslope')
@ApiBearerAuth()
@Roles('ADMIN')
@Controller('skyslope')
export class SkySlopeSettingsController {
  constructor(private readonly settings: SkySlopeSettingsService) {}

  @Get('settings')
  @ApiOperation({ summary: "The team's SkySlope keys, masked ('••••' and the last 4 characters; empty when none), and the commission preferences" })
  get(@CurrentUser() caller: AuthenticatedUser) {
    return this.settings.get(caller);
  }

  @Post('settings')
  @HttpCode(200)
  @ApiOperation({ summary: "Saves the team's Access Key and Secret (encrypted at rest) and the preferences -> {message}" })
  save(@CurrentUser() caller: AuthenticatedUser, @Body() body: SaveSkySlopeSettingsDto) {
    return this.settings.save(caller, body);
  }

  @Get('ping')
  @ApiOperation({ summary: 'Tests the saved keys (a login and GET /api/offices): {status_code, message}; 0 success, 1 no credentials, 2 refused, 3 unreachable or timed out, 4 rate limited' })
  ping(@CurrentUser() caller: AuthenticatedUser) {
    return this.settings.ping(caller);
  }
}
