import { Body, Controller, ForbiddenException, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import { isClient } from '../inbox/inbox-errors';
import { CommentsService } from './comments.service';
import {
  CommentIdParamDto,
  CommentsBulkStatusDto,
  CommentsOnParamDto,
  CommentsQueryDto,
  CommentStatusDto,
  CreateCommentDto,
  UpdateCommentDto,
} from './dto/comments.dto';
import { ApiAnswer, ApiErrors, Idempotent } from '@app/platform';
import { COMMENT_SCHEMA, COMMENT_THREADS_SCHEMA, COMMENTS_SCHEMA, UPDATED_SCHEMA } from '../messaging.openapi';

/** Every role may comment on what it may see; clients only client-facing, and never in bulk. */
@ApiTags('messages')
@ApiBearerAuth()
@ApiErrors(401)
@Controller('messages/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @ApiOperation({
    summary:
      "The caller's comment inbox: top-level comments on what they may see and are part of (primary agent, TC, assignee, client, vendor, earlier commenter, mentioned), latest activity first: " +
      '{records: [{comment_id, parent_comment_id, comment_type, comment_on_id, comment_value, visibility, viewed_ts, author{id, name, profile_image}, created_ts, updated_ts, thread, transaction{client_id, first_name, last_name, formatted_address}, task?{id, name}, document?{id, filename}}], pagination}. ' +
      'comment_type trans|task|doc, status unread|archived (absent: All), mention_only=true (@ Mentions), search on text, author and transaction; per_page default 10.',
  })
  @ApiAnswer(200, COMMENTS_SCHEMA)
  @ApiErrors(400)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: CommentsQueryDto) {
    return this.comments.list(caller, query);
  }

  @Get('on/:comment_type/:comment_on_id')
  @ApiOperation({
    summary:
      'The threads the caller may see on one transaction (trans), task or document (doc), latest activity first -> {records}; one they may not see: 404',
  })
  @ApiAnswer(200, COMMENT_THREADS_SCHEMA)
  @ApiErrors(400, 404)
  on(@CurrentUser() caller: AuthenticatedUser, @Param() params: CommentsOnParamDto) {
    return this.comments.on(caller, params);
  }

  @Patch('status/bulk')
  @HttpCode(200)
  @ApiOperation({
    summary: 'read or archived on the given threads (comment_ids), or on the whole comment inbox without ids -> {updated}. CLIENT: 403',
  })
  @ApiAnswer(200, UPDATED_SCHEMA)
  @ApiErrors(400, 403, 404)
  bulk(@CurrentUser() caller: AuthenticatedUser, @Body() body: CommentsBulkStatusDto) {
    if (isClient(caller)) throw new ForbiddenException('You do not have permission to do this');
    return this.comments.setBulkStatus(caller, body);
  }

  @Patch('status')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The caller's state of a thread: read, unread, archived, unarchived (client is accepted; the caller's role decides) -> the thread",
  })
  @ApiAnswer(200, COMMENT_SCHEMA, 'The thread')
  @ApiErrors(400, 404)
  status(@CurrentUser() caller: AuthenticatedUser, @Body() body: CommentStatusDto) {
    return this.comments.setStatus(caller, body);
  }

  @Get(':comment_id')
  @ApiOperation({ summary: 'The thread of a comment the caller may see (deep links); else 404' })
  @ApiAnswer(200, COMMENT_SCHEMA, 'The thread')
  @ApiErrors(400, 404)
  one(@CurrentUser() caller: AuthenticatedUser, @Param() params: CommentIdParamDto) {
    return this.comments.one(caller, params.comment_id);
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary:
      'A comment or a reply (parent_comment_id: a top-level comment on the same item) on something the caller may see (else 404); visibility i (default for staff) or c; a CLIENT posting i: 403. -> the thread',
  })
  @ApiAnswer(201, COMMENT_SCHEMA, 'The thread')
  @ApiErrors(400, 403, 404)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateCommentDto) {
    return this.comments.create(caller, body);
  }

  @Patch()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Edits a comment (author only, else 403 'Only the author can edit this message.'); sets updated_ts, re-reads mentions -> the thread",
  })
  @ApiAnswer(200, COMMENT_SCHEMA, 'The thread')
  @ApiErrors(400, 403, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateCommentDto) {
    return this.comments.update(caller, body);
  }
}
