import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  FORM_FIELD_MESSAGES,
  LIST_FORM_ALIAS,
  TRANSACTION_PRESETS,
  type TransactionCreateRequest,
  type TransactionPreset,
  type TransactionStatusRequest,
  type TransactionUpdateRequest,
} from '@app/contracts';
import { IsDatabaseId, IsQueryId, MAX_DATABASE_ID } from '@app/platform';
import { TRANSACTION_ERRORS } from '../transactions.errors';
import { numberOrRaw, TransactionPagingDto } from './transaction-list-query.dto';

const REQUIRED = { message: FORM_FIELD_MESSAGES.required };

/** {client_id} in the path: a whole number (another team's id answers 404 from the service). */
export class ClientIdParamDto {
  @ApiProperty()
  @IsQueryId({ message: TRANSACTION_ERRORS.clientId })
  client_id!: number;
}

/** PATCH /transaction/{client_id}. */
export class TransactionUpdateDto implements TransactionUpdateRequest {
  @ApiProperty({ description: "The path's client_id, as the spec sends it" })
  @IsDatabaseId({ message: TRANSACTION_ERRORS.clientId })
  @IsDefined(REQUIRED)
  client_id!: number;

  @ApiPropertyOptional({ description: 'A task of this transaction (the change was made from its task modal)' })
  @IsOptional()
  @IsDatabaseId({ message: TRANSACTION_ERRORS.taskId })
  task_id?: number;

  @ApiProperty({ enum: TRANSACTION_PRESETS })
  @IsIn(TRANSACTION_PRESETS, { message: TRANSACTION_ERRORS.preset })
  @IsDefined(REQUIRED)
  preset!: TransactionPreset;

  @ApiProperty({
    description:
      'task_modal: client_stage_id, tc_agent_id, tags; transaction_modal: client_stage_id, agent_id; board: client_stage_id; page: the page form and more',
  })
  @IsObject({ message: TRANSACTION_ERRORS.changes })
  @IsDefined(REQUIRED)
  changes!: Record<string, unknown>;
}

/** PATCH /transaction/{client_id}/status. */
export class TransactionStatusDto implements TransactionStatusRequest {
  @ApiProperty()
  @IsDatabaseId({ message: TRANSACTION_ERRORS.statusId })
  @IsDefined(REQUIRED)
  status_id!: number;

  @ApiPropertyOptional({ description: "The target status's dates (MM/DD/YYYY) and lost_reason" })
  @IsOptional()
  @IsObject({ message: TRANSACTION_ERRORS.dates })
  dates?: TransactionStatusRequest['dates'];
}

/** POST /transactions (the service checks the rest with the shared field rules). */
export class TransactionCreateDto implements TransactionCreateRequest {
  @ApiProperty({ enum: ['b', 's'] })
  @IsIn(['b', 's'], { message: TRANSACTION_ERRORS.type })
  @IsDefined(REQUIRED)
  type!: 'b' | 's';

  @ApiPropertyOptional() @IsOptional() @IsDatabaseId({ message: TRANSACTION_ERRORS.contactId }) contact_id?: number;
  @ApiPropertyOptional()
  @IsOptional()
  @IsObject({ message: FORM_FIELD_MESSAGES.invalidValue })
  contact?: TransactionCreateRequest['contact'];
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: FORM_FIELD_MESSAGES.invalidValue })
  @MaxLength(200, { message: FORM_FIELD_MESSAGES.invalidValue })
  address_1?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: FORM_FIELD_MESSAGES.invalidValue })
  @MaxLength(200, { message: FORM_FIELD_MESSAGES.invalidValue })
  address_2?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: FORM_FIELD_MESSAGES.invalidValue })
  @MaxLength(200, { message: FORM_FIELD_MESSAGES.invalidValue })
  city?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: FORM_FIELD_MESSAGES.invalidValue })
  @MaxLength(200, { message: FORM_FIELD_MESSAGES.invalidValue })
  state?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: FORM_FIELD_MESSAGES.invalidValue })
  @MaxLength(200, { message: FORM_FIELD_MESSAGES.invalidValue })
  postal_code?: string;
  @ApiPropertyOptional({ description: 'Defaults to the caller' })
  @IsOptional()
  @IsDatabaseId({ message: TRANSACTION_ERRORS.agentId })
  primary_agent_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsDatabaseId({ message: TRANSACTION_ERRORS.stageId }) stage_id?: number;
  @ApiPropertyOptional({ description: "Defaults to the team's first status (Pipeline)" })
  @IsOptional()
  @IsDatabaseId({ message: TRANSACTION_ERRORS.statusId })
  status_id?: number;
  @ApiPropertyOptional({ description: 'Page-form values by field key' })
  @IsOptional()
  @IsObject({ message: FORM_FIELD_MESSAGES.invalidValue })
  values?: Record<string, unknown>;
}

/** GET /transaction/{client_id}?team_form_id= (default the page form). */
export class TransactionDetailQueryDto {
  @ApiPropertyOptional({ description: "A form of the caller's team, or -1 for its list form; default the page form" })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: TRANSACTION_ERRORS.teamFormId })
  @Min(LIST_FORM_ALIAS, { message: TRANSACTION_ERRORS.teamFormId })
  @Max(MAX_DATABASE_ID, { message: TRANSACTION_ERRORS.teamFormId })
  team_form_id?: number;
}

/** GET /transaction/{client_id}/history. */
export class TransactionHistoryQueryDto extends TransactionPagingDto {}

/** GET /transaction/select-options. */
export class TransactionSelectOptionsQueryDto {
  @ApiPropertyOptional({ description: 'Matched like quick search' })
  @IsOptional()
  @IsString({ message: TRANSACTION_ERRORS.quickSearch })
  @MaxLength(100, { message: TRANSACTION_ERRORS.quickSearch })
  term?: string;

  @ApiPropertyOptional({ enum: ['complex'] })
  @IsOptional()
  @IsIn(['complex', 'simple'], { message: TRANSACTION_ERRORS.resultType })
  result_type?: 'complex' | 'simple';
}

/** GET /transaction/form/select-options. */
export class FormSelectOptionsQueryDto {
  @ApiProperty({ description: 'stage, status, tag, tc, agent, lead_type, original_lead_type, lost_reason, or a select custom field key' })
  @IsString({ message: TRANSACTION_ERRORS.elementName })
  @MaxLength(63, { message: TRANSACTION_ERRORS.elementName })
  @IsDefined(REQUIRED)
  element_name!: string;
}
