import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { DataSource } from 'typeorm';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import type { InboxCounts, MentionOption } from '@app/contracts';
import { MentionOptionsService } from '../mentions/mention-options.service';
import { InboxCountsService } from './inbox-counts.service';
import { HasNoNulCharacter } from './inbox.dto';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { INBOX_COUNTS_SCHEMA, MENTION_OPTIONS_SCHEMA } from '../messaging.openapi';

export class MentionOptionsQueryDto {
  @ApiPropertyOptional({ description: 'Words of a name or a group (empty: the first ones)' })
  @IsOptional()
  @IsString({ message: 'Must be text' })
  @MaxLength(100, { message: 'Maximum length is 100' })
  @HasNoNulCharacter()
  term?: string;
}

@ApiTags('messages')
@ApiBearerAuth()
@ApiErrors(401)
@Controller('messages')
export class InboxController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly counts: InboxCountsService,
    private readonly options: MentionOptionsService,
  ) {}

  @Get('unread-counts')
  @ApiOperation({
    summary:
      "The caller's unread threads: {dms, comments, mentions} (All: archived ones aside; clients: internal comments never count, dms 0)",
  })
  @ApiAnswer(200, INBOX_COUNTS_SCHEMA)
  async unreadCounts(@CurrentUser() caller: AuthenticatedUser): Promise<InboxCounts> {
    const counts = await this.counts.countsOf(this.dataSource.manager, [caller.agent_id]);
    return counts.get(caller.agent_id)!;
  }

  @Get('mention-options')
  @ApiOperation({
    summary:
      "Users {type: 'user', id, label, profile_image} of the caller's team matching term (active, not the caller) and the groups {type: 'group', id: all|team|agents|isas|tcs, label}; clients: their transactions' agent and TC only",
  })
  @ApiAnswer(200, MENTION_OPTIONS_SCHEMA)
  @ApiErrors(400)
  mentionOptions(@CurrentUser() caller: AuthenticatedUser, @Query() query: MentionOptionsQueryDto): Promise<MentionOption[]> {
    return this.options.options(caller, query.term ?? '');
  }
}
