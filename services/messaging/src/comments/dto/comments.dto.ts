import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsDefined, IsIn, IsOptional } from 'class-validator';
import {
  BULK_MESSAGE_STATUSES,
  COMMENT_TYPES,
  COMMENT_VISIBILITIES,
  MESSAGE_STATUSES,
  MESSAGING_MESSAGES,
  type BulkMessageStatus,
  type CommentType,
  type CommentVisibility,
  type MessageStatus,
  type CommentsQuery,
  type CreateCommentRequest,
  type UpdateCommentRequest,
  type CommentStatusRequest,
  type BulkStatusRequest,
} from '@app/contracts';
import { EmptyAsUndefined, IsDatabaseId, IsQueryId, QueryBoolean } from '@app/platform';
import { InboxQueryDto, IsBulkIds, IsBulkStatus, IsMessageStatus, IsMessageText, IsRequiredId } from '../../inbox/inbox.dto';

const REQUIRED = { message: MESSAGING_MESSAGES.required };
const COMMENT_TYPE = { message: MESSAGING_MESSAGES.invalidCommentType };

/** GET /messages/comments */
export class CommentsQueryDto extends InboxQueryDto implements CommentsQuery {
  @ApiPropertyOptional({ enum: COMMENT_TYPES, description: 'Transactions (trans), Tasks (task), Documents (doc)' })
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(COMMENT_TYPES, COMMENT_TYPE)
  comment_type?: CommentType;

  @ApiPropertyOptional({ description: 'true: threads mentioning the caller (@ Mentions)' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean({ message: 'Must be true or false' })
  mention_only?: boolean;
}

export class CommentIdParamDto {
  @ApiProperty()
  @IsQueryId()
  comment_id!: number;
}

export class CommentsOnParamDto {
  @ApiProperty({ enum: COMMENT_TYPES })
  @IsIn(COMMENT_TYPES, COMMENT_TYPE)
  comment_type!: CommentType;

  @ApiProperty()
  @IsQueryId()
  comment_on_id!: number;
}

/** POST /messages/comments */
export class CreateCommentDto implements CreateCommentRequest {
  @ApiProperty({ enum: COMMENT_TYPES })
  @IsDefined(REQUIRED)
  @IsIn(COMMENT_TYPES, COMMENT_TYPE)
  comment_type!: CommentType;

  @ApiProperty({ description: 'The transaction (client_id), task or document; one the caller may not see: 404' })
  @IsRequiredId()
  comment_on_id!: number;

  @ApiProperty({ description: 'Editor HTML (sanitised), 1 to 5,000 characters of text' })
  @IsMessageText()
  comment_value!: string;

  @ApiPropertyOptional({ nullable: true, description: 'A top-level comment on the same item' })
  @IsOptional()
  @IsDatabaseId()
  parent_comment_id?: number | null;

  @ApiPropertyOptional({ enum: COMMENT_VISIBILITIES, description: 'i internal (default for staff), c client-facing (clients: c only)' })
  @IsOptional()
  @IsIn(COMMENT_VISIBILITIES, { message: MESSAGING_MESSAGES.invalidVisibility })
  visibility?: CommentVisibility;
}

/** PATCH /messages/comments */
export class UpdateCommentDto implements UpdateCommentRequest {
  @ApiProperty() @IsRequiredId() comment_id!: number;

  @ApiProperty({ enum: COMMENT_TYPES })
  @IsDefined(REQUIRED)
  @IsIn(COMMENT_TYPES, COMMENT_TYPE)
  comment_type!: CommentType;

  @ApiProperty() @IsRequiredId() comment_on_id!: number;

  @ApiProperty({ description: 'Editor HTML (sanitised), 1 to 5,000 characters of text' })
  @IsMessageText()
  comment_value!: string;
}

/** PATCH /messages/comments/status */
export class CommentStatusDto implements CommentStatusRequest {
  @ApiProperty() @IsRequiredId() comment_id!: number;

  @ApiPropertyOptional({ enum: COMMENT_TYPES })
  @IsOptional()
  @IsIn(COMMENT_TYPES, COMMENT_TYPE)
  comment_type?: CommentType;

  @ApiProperty({ enum: MESSAGE_STATUSES })
  @IsMessageStatus()
  status!: MessageStatus;

  @ApiPropertyOptional({ description: "Accepted and ignored: the caller's role decides" })
  @Allow()
  client?: boolean;
}

/** PATCH /messages/comments/status/bulk */
export class CommentsBulkStatusDto implements BulkStatusRequest {
  @ApiProperty({ enum: BULK_MESSAGE_STATUSES })
  @IsBulkStatus()
  status!: BulkMessageStatus;

  @ApiPropertyOptional({ type: [Number], description: 'None: the whole comment inbox' })
  @IsBulkIds()
  comment_ids?: number[];
}
