import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional } from 'class-validator';
import {
  BULK_MESSAGE_STATUSES,
  MESSAGE_STATUSES,
  type BulkMessageStatus,
  type MessageStatus,
  type DirectMessagesQuery,
  type CreateDirectMessageRequest,
  type UpdateDirectMessageRequest,
  type DirectMessageStatusRequest,
  type BulkStatusRequest,
} from '@app/contracts';
import { IsDatabaseId, IsQueryId } from '@app/platform';
import { InboxQueryDto, IsBulkIds, IsBulkStatus, IsMessageStatus, IsMessageText, IsRequiredId } from '../../inbox/inbox.dto';

/** GET /messages/dms */
export class DirectMessagesQueryDto extends InboxQueryDto implements DirectMessagesQuery {
  @ApiPropertyOptional({ description: 'Accepted and ignored (the console sends it on both inboxes)' })
  @Allow()
  comment_type?: unknown;
}

export class DirectMessageIdParamDto {
  @ApiProperty()
  @IsQueryId()
  dm_id!: number;
}

/** POST /messages/dms */
export class CreateDirectMessageDto implements CreateDirectMessageRequest {
  @ApiProperty({ description: 'Editor HTML (sanitised), 1 to 5,000 characters of text; a new thread must mention a user or group' })
  @IsMessageText()
  dm_value!: string;

  @ApiPropertyOptional({ nullable: true, description: 'A message of a thread of the caller: the reply joins its top-level thread' })
  @IsOptional()
  @IsDatabaseId()
  parent_dm_id?: number | null;
}

/** PATCH /messages/dms */
export class UpdateDirectMessageDto implements UpdateDirectMessageRequest {
  @ApiProperty() @IsRequiredId() dm_id!: number;

  @ApiProperty({ description: 'Editor HTML (sanitised), 1 to 5,000 characters of text' })
  @IsMessageText()
  dm_value!: string;
}

/** PATCH /messages/dms/status */
export class DirectMessageStatusDto implements DirectMessageStatusRequest {
  @ApiProperty() @IsRequiredId() dm_id!: number;

  @ApiProperty({ enum: MESSAGE_STATUSES })
  @IsMessageStatus()
  status!: MessageStatus;
}

/** PATCH /messages/dms/status/bulk */
export class DirectMessagesBulkStatusDto implements BulkStatusRequest {
  @ApiProperty({ enum: BULK_MESSAGE_STATUSES })
  @IsBulkStatus()
  status!: BulkMessageStatus;

  @ApiPropertyOptional({ type: [Number], description: 'None: the whole DM inbox' })
  @IsBulkIds()
  dm_ids?: number[];
}
