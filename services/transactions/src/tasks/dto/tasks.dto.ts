import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  FORM_FIELD_MESSAGES,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_MESSAGES,
  TASK_PRESETS,
  type TaskBulkRequest,
  type TaskCreateRequest,
  type TaskPreset,
} from '@app/contracts';
import { IsDatabaseId, IsQueryId, IsDateField, IsRequiredField, MAX_PAGE } from '@app/platform';
import { numberOrRaw } from '../../transactions/dto/transaction-list-query.dto';
import { TASK_ERRORS } from '../tasks.errors';
import type { TaskOrder } from '../tasks.repository';

const REQUIRED = { message: FORM_FIELD_MESSAGES.required };
export const TASK_ORDERS: readonly TaskOrder[] = ['due_dt', 'name', 'status_id', 'created_ts', 'task_id'];
export const TASK_PAGE_MAX = 500;
export const TASK_BULK_MAX = 500;
export const TASK_NAME_MAX_LENGTH = 200;

/** {task_id} in the path. */
export class TaskIdParamDto {
  @ApiProperty()
  @IsQueryId({ message: TASK_ERRORS.taskId })
  task_id!: number;
}

/** GET /tasks. */
export class TaskListQueryDto {
  @ApiPropertyOptional({ description: "One transaction's tasks; without it, every task the caller reaches" })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsDatabaseId({ message: TASK_ERRORS.clientId })
  client_id?: number;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: TASK_ERRORS.page })
  @Min(1, { message: TASK_ERRORS.page })
  @Max(MAX_PAGE, { message: TASK_ERRORS.page })
  page?: number;

  @ApiPropertyOptional({ default: 100, description: `1 to ${TASK_PAGE_MAX}` })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: TASK_ERRORS.perPage })
  @Min(1, { message: TASK_ERRORS.perPage })
  @Max(TASK_PAGE_MAX, { message: TASK_ERRORS.perPage })
  per_page?: number;

  @ApiPropertyOptional({ enum: TASK_ORDERS, default: 'due_dt', description: 'No due date sorts last' })
  @IsOptional()
  @IsIn(TASK_ORDERS, { message: TASK_ERRORS.orderBy })
  order_by?: TaskOrder;

  @ApiPropertyOptional({ enum: [1, -1], default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn([1, -1], { message: TASK_ERRORS.orderDir })
  order_dir?: 1 | -1;
}

/** POST /tasks. */
export class TaskCreateDto implements TaskCreateRequest {
  @ApiProperty() @IsDatabaseId({ message: TASK_ERRORS.clientId }) @IsDefined(REQUIRED) client_id!: number;

  @ApiProperty({ maxLength: TASK_NAME_MAX_LENGTH })
  @MaxLength(TASK_NAME_MAX_LENGTH, { message: TASK_ERRORS.nameTooLong })
  @IsString({ message: FORM_FIELD_MESSAGES.invalidValue })
  @IsRequiredField()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  name!: string;

  @ApiPropertyOptional({
    description: `Rich text (p, br, strong, em, u, ul, ol, li, a), sanitised; at most ${TASK_DESCRIPTION_MAX_LENGTH} characters of text`,
  })
  // Text or null; checked and sanitised by the service (checkDescription), its error answered with the others.
  @IsOptional()
  dscr?: string | null;

  @IsDateField({ separators: ['/'], toIso: true, required: false })
  due_dt?: string | null;

  @ApiPropertyOptional({ description: 'An active user of the team, not a client; default the caller' })
  @IsOptional()
  @IsDatabaseId({ message: TASK_MESSAGES.assignee })
  assigned_to_agent_id?: number;

  @ApiPropertyOptional() @IsOptional() @IsDatabaseId({ message: TASK_ERRORS.docTypeId }) doc_type_id?: number | null;
}

/** PATCH /tasks/{task_id}: the preset's fields are checked by the service (others: 'Not allowed here'). */
export class TaskUpdateDto {
  @ApiProperty({ description: "The path's task_id" }) @IsDatabaseId({ message: TASK_ERRORS.taskId }) @IsDefined(REQUIRED) task_id!: number;
  @ApiPropertyOptional({ description: "The task's transaction (client_id)" })
  @IsOptional()
  @IsDatabaseId({ message: TASK_ERRORS.clientId })
  transaction_id?: number;

  @ApiProperty({
    enum: TASK_PRESETS,
    description: 'status {status_id}; due {due_dt MM/DD/YYYY or null}; assignee {assigned_to_agent_id}; details {name, dscr, doc_id}',
  })
  @IsIn(TASK_PRESETS, { message: TASK_MESSAGES.preset })
  @IsDefined(REQUIRED)
  preset!: TaskPreset;

  // Each preset's fields; the service refuses those of another preset ('Not allowed here') and checks the values.
  @ApiPropertyOptional({ description: 'status' }) @Allow() status_id?: unknown;
  @ApiPropertyOptional({ description: 'due: MM/DD/YYYY, or null to clear' }) @Allow() due_dt?: unknown;
  @ApiPropertyOptional({ description: 'assignee' }) @Allow() assigned_to_agent_id?: unknown;
  @ApiPropertyOptional({ description: 'details' }) @Allow() name?: unknown;
  @ApiPropertyOptional({ description: 'details: rich text, sanitised, at most 1500 characters of text' }) @Allow() dscr?: unknown;
  @ApiPropertyOptional({ description: 'details: the attached document' }) @Allow() doc_id?: unknown;
}

/** PATCH /tasks/bulk: only non-null fields change. */
export class TaskBulkDto implements TaskBulkRequest {
  @ApiProperty({ type: [Number], maxItems: TASK_BULK_MAX })
  @IsArray({ message: TASK_ERRORS.taskIds })
  @ArrayMinSize(1, { message: TASK_ERRORS.taskIds })
  @ArrayMaxSize(TASK_BULK_MAX, { message: TASK_ERRORS.taskIds })
  @IsDatabaseId({ each: true, message: TASK_ERRORS.taskIds })
  @IsDefined(REQUIRED)
  task_ids!: number[];

  @ApiPropertyOptional() @IsOptional() @IsDatabaseId({ message: TASK_MESSAGES.assignee }) assigned_to_agent_id?: number | null;

  @IsDateField({ separators: ['/'], toIso: true, required: false })
  due_dt?: string | null;

  @ApiPropertyOptional({ enum: [1, 2, 3, 4] }) @IsOptional() @IsIn([1, 2, 3, 4], { message: TASK_MESSAGES.status }) status_id?:
    number | null;
}
