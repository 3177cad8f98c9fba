import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { DirectMessagesService } from './direct-messages.service';
import {
  CreateDirectMessageDto,
  DirectMessageIdParamDto,
  DirectMessagesBulkStatusDto,
  DirectMessagesQueryDto,
  DirectMessageStatusDto,
  UpdateDirectMessageDto,
} from './dto/direct-messages.dto';
import { ApiAnswer, ApiErrors, Idempotent } from '@app/platform';
import { DIRECT_MESSAGE_SCHEMA, DIRECT_MESSAGES_SCHEMA, UPDATED_SCHEMA } from '../messaging.openapi';

/** Every DM call refuses CLIENT (403); vendors and staff may DM. */
@ApiTags('messages')
@ApiBearerAuth()
@Roles('ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR')
@ApiErrors(401, 403)
@Controller('messages/dms')
export class DirectMessagesController {
  constructor(private readonly dms: DirectMessagesService) {}

  @Get()
  @ApiOperation({
    summary:
      "The caller's DM threads, latest activity first: {records: [{dm_id, parent_dm_id, dm_value, author{name, profile_image, agent_id}, created_ts, updated_ts, read_ts, thread}], pagination}. " +
      'status absent = All (not archived), unread, archived; search on text and author; comment_type accepted and ignored; per_page default 10.',
  })
  @ApiAnswer(200, DIRECT_MESSAGES_SCHEMA)
  @ApiErrors(400)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: DirectMessagesQueryDto) {
    return this.dms.list(caller, query);
  }

  @Patch('status/bulk')
  @HttpCode(200)
  @ApiOperation({ summary: 'read or archived on the given threads (dm_ids), or on the whole DM inbox without ids -> {updated}' })
  @ApiAnswer(200, UPDATED_SCHEMA)
  @ApiErrors(400, 404)
  bulk(@CurrentUser() caller: AuthenticatedUser, @Body() body: DirectMessagesBulkStatusDto) {
    return this.dms.setBulkStatus(caller, body);
  }

  @Patch('status')
  @HttpCode(200)
  @ApiOperation({ summary: "The caller's state of a thread: read, unread, archived, unarchived -> the thread" })
  @ApiAnswer(200, DIRECT_MESSAGE_SCHEMA, 'The thread')
  @ApiErrors(400, 404)
  status(@CurrentUser() caller: AuthenticatedUser, @Body() body: DirectMessageStatusDto) {
    return this.dms.setStatus(caller, body);
  }

  @Get(':dm_id')
  @ApiOperation({ summary: "The thread of a message of the caller (deep links); another's or another team's 404" })
  @ApiAnswer(200, DIRECT_MESSAGE_SCHEMA, 'The thread')
  @ApiErrors(400, 404)
  one(@CurrentUser() caller: AuthenticatedUser, @Param() params: DirectMessageIdParamDto) {
    return this.dms.one(caller, params.dm_id);
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary:
      "A new thread to the users and groups it mentions (none: 400 'Mention a user or group to send this message'), or a reply (parent_dm_id: the thread, plus anyone newly mentioned). " +
      "-> the thread (the console then says 'Message has been sent')",
  })
  @ApiAnswer(201, DIRECT_MESSAGE_SCHEMA, 'The thread')
  @ApiErrors(400, 404)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateDirectMessageDto) {
    return this.dms.create(caller, body);
  }

  @Patch()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Edits a message (author only, else 403 'Only the author can edit this message.'); sets updated_ts, re-reads mentions -> the thread",
  })
  @ApiAnswer(200, DIRECT_MESSAGE_SCHEMA, 'The thread')
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateDirectMessageDto) {
    return this.dms.update(caller, body);
  }
}
