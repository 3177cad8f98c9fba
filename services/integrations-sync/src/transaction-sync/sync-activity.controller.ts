import { Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { SyncActivityService } from './sync-activity.service';
import { ApiAnswer, ApiErrors, numberOrRaw } from '@app/platform';
import { MESSAGE_SCHEMA, SYNC_ACTIVITY_SCHEMA } from '../integrations-sync.openapi';

export class SyncActivityQueryDto {
  @ApiPropertyOptional({ description: '1-based page (default 1)' })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: 'Invalid input' })
  @Min(1, { message: 'Invalid input' })
  @Max(1_000_000, { message: 'Invalid input' })
  page?: number;

  @ApiPropertyOptional({ description: 'Rows a page, 1 to 100 (default 10)' })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: 'Invalid input' })
  @Min(1, { message: 'Invalid input' })
  @Max(100, { message: 'Invalid input' })
  per_page?: number;
}

@ApiTags('skyslope')
@ApiBearerAuth()
@Roles('ADMIN')
@ApiErrors(401, 403)
@Controller('skyslope/sync-activity')
export class SyncActivityController {
  constructor(private readonly activity: SyncActivityService) {}

  @Get()
  @ApiOperation({
    summary:
      "The latest SkySlope sync result per transaction, latest first: {records: [{client_id, transaction, kind ('sale'|'listing'), guid, last_synced_ts, result ('pending'|'synced'|'retrying'|'failed'), reason, synced_version}], pagination}",
  })
  @ApiAnswer(200, SYNC_ACTIVITY_SCHEMA)
  @ApiErrors(400)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: SyncActivityQueryDto) {
    return this.activity.list(caller, query.page ?? 1, query.per_page ?? 10);
  }

  @Post(':client_id/retry')
  @HttpCode(202)
  @ApiOperation({
    summary:
      "Queues the transaction's sync again now -> 202 {message: 'Sync queued'}; a transaction of another team (or never synced) is 404",
  })
  @ApiAnswer(202, MESSAGE_SCHEMA, 'Sync queued')
  @ApiErrors(404)
  retry(@CurrentUser() caller: AuthenticatedUser, @Param('client_id', new ParseIntPipe({ errorHttpStatusCode: 404 })) clientId: number) {
    return this.activity.retry(caller, clientId);
  }
}
