import { Body, Controller, Get, HttpCode, NotFoundException, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { TRANSACTION_LIST_ROLES } from '@app/contracts';
import {
  ClientIdParamDto,
  FormSelectOptionsQueryDto,
  TransactionCreateDto,
  TransactionDetailQueryDto,
  TransactionHistoryQueryDto,
  TransactionSelectOptionsQueryDto,
  TransactionStatusDto,
  TransactionUpdateDto,
} from './dto/transaction-edit.dto';
import { TransactionListQueryDto } from './dto/transaction-list-query.dto';
import { TransactionDetailService } from './transaction-detail.service';
import { TransactionEditService } from './transaction-edit.service';
import { TransactionListService } from './transaction-list.service';
import { TeamOptionsRepository } from '../fields/team-options.repository';
import { TRANSACTION_ERRORS } from './transactions.errors';
import { ApiAnswer, ApiErrors, Idempotent } from '@app/platform';
import {
  CHOICES_SCHEMA,
  CLIENT_ID_SCHEMA,
  SELECT_OPTIONS_SCHEMA,
  TRANSACTION_CHANGED_SCHEMA,
  TRANSACTION_DETAIL_SCHEMA,
  TRANSACTION_HISTORY_SCHEMA,
  TRANSACTION_LIST_SCHEMA,
} from '../transactions.openapi';

@ApiTags('transactions')
@ApiBearerAuth()
@Roles(...TRANSACTION_LIST_ROLES)
@ApiErrors(401, 403)
@Controller()
export class TransactionsController {
  constructor(
    private readonly list: TransactionListService,
    private readonly detail: TransactionDetailService,
    private readonly edit: TransactionEditService,
    private readonly options: TeamOptionsRepository,
  ) {}

  @Get('transactions/records')
  @ApiOperation({
    summary:
      "The caller's transactions as the list shows them: {table: {data, cols}, pagination}. ADMIN, TRANC and ISISA see the team's; " +
      'AGENT those they are primary agent of; VENDOR those linked to them, with fewer columns and no amounts or lead fields. ' +
      'Defaults: page 1, per_page 10 (10, 20, 60, 100), order_by created_ts, order_dir 1. CLIENT: 403.',
  })
  @ApiAnswer(200, TRANSACTION_LIST_SCHEMA)
  @ApiErrors(400)
  records(@CurrentUser() caller: AuthenticatedUser, @Query() query: TransactionListQueryDto) {
    return this.list.list(caller, query);
  }

  @Post('transactions')
  @Idempotent()
  @ApiOperation({
    summary:
      'Adds a transaction: type and a contact (contact_id or contact) or address_1; primary_agent_id defaults to the caller (an AGENT names only themselves). VENDOR: 403. -> {client_id}',
  })
  @ApiAnswer(201, CLIENT_ID_SCHEMA)
  @ApiErrors(400, 404)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: TransactionCreateDto) {
    return this.edit.create(caller, body);
  }

  @Get('transaction/select-options')
  @ApiOperation({
    summary:
      "Up to 20 transactions the caller sees, matched like quick search: {select_options: [{id, text: '{address} - {first} {last} (Buyer|Seller)'}]}",
  })
  @ApiAnswer(200, SELECT_OPTIONS_SCHEMA)
  @ApiErrors(400)
  selectOptions(@CurrentUser() caller: AuthenticatedUser, @Query() query: TransactionSelectOptionsQueryDto) {
    return this.detail.selectOptions(caller, query.term);
  }

  @Get('transaction/form/select-options')
  @ApiOperation({
    summary:
      'The choices of a select: {choices: [{value, label}]} for stage, status, tag, tc, agent, lead_type, original_lead_type, lost_reason or a select custom field; another name 404',
  })
  @ApiAnswer(200, CHOICES_SCHEMA)
  @ApiErrors(400, 404)
  async formSelectOptions(@CurrentUser() caller: AuthenticatedUser, @Query() query: FormSelectOptionsQueryDto) {
    const choices = await this.options.choices(caller.team_id, query.element_name);
    if (!choices) throw new NotFoundException({ status: 'error', message: TRANSACTION_ERRORS.unknownElement });
    return { choices };
  }

  @Get('transaction/:client_id')
  @ApiOperation({
    summary:
      'A transaction the caller sees: its list row plus every field of the form (default the page form), its contacts and linked users; another team 404',
  })
  @ApiAnswer(200, TRANSACTION_DETAIL_SCHEMA)
  @ApiErrors(400, 404)
  one(@CurrentUser() caller: AuthenticatedUser, @Param() params: ClientIdParamDto, @Query() query: TransactionDetailQueryDto) {
    return this.detail.detail(caller, params.client_id, query.team_form_id);
  }

  @Get('transaction/:client_id/history')
  @ApiOperation({
    summary:
      'Its changes, newest first: {records: [{history_id, field, label, old_value, new_value, source, agent_id, agent_name, created_ts}], pagination}',
  })
  @ApiAnswer(200, TRANSACTION_HISTORY_SCHEMA)
  @ApiErrors(400, 404)
  history(@CurrentUser() caller: AuthenticatedUser, @Param() params: ClientIdParamDto, @Query() query: TransactionHistoryQueryDto) {
    return this.detail.history(caller, params.client_id, query.page, query.per_page);
  }

  @Patch('transaction/:client_id')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Changes by preset (task_modal, transaction_modal, board, page); another field 400 'Not allowed here'. ADMIN, TRANC all; AGENT, ISISA not the agent; VENDOR 403. -> {client_id, version, changed}",
  })
  @ApiAnswer(200, TRANSACTION_CHANGED_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Param() params: ClientIdParamDto, @Body() body: TransactionUpdateDto) {
    return this.edit.update(caller, params.client_id, body);
  }

  @Patch('transaction/:client_id/status')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Moves it to a status; each date the status asks for is required (MM/DD/YYYY, 'This field is required'); earlier dates stay. -> {client_id, version, changed}",
  })
  @ApiAnswer(200, TRANSACTION_CHANGED_SCHEMA)
  @ApiErrors(400, 404)
  status(@CurrentUser() caller: AuthenticatedUser, @Param() params: ClientIdParamDto, @Body() body: TransactionStatusDto) {
    return this.edit.changeStatus(caller, params.client_id, body);
  }
}
