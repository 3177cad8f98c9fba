import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  BOARD_CONSTANTS,
  BOARD_TEAM_ACTION_ROLES,
  CARD_ACTION_ERRORS,
  LIST_FORM_ALIAS,
  TASK_MESSAGES,
  TASK_STATUS_COLUMN_COLORS,
  TASK_STATUSES,
  type Board,
  type BoardCard,
  type BoardCardsResponse,
  type BoardColumnsResponse,
  type CardFieldValue,
  type TaskCard,
  type TransactionCard,
  type TransactionFieldDefinition,
} from '@app/contracts';
import { paginationOf } from '@app/database';
import { FieldErrorsException } from '@app/platform';
import { TeamOptionsRepository } from '../fields/team-options.repository';
import { filterSql } from '../filters/filter-sql';
import { FiltersService } from '../filters/filters.service';
import { TaskWriter } from '../tasks/task-writer';
import { taskOf } from '../tasks/tasks.service';
import { TasksRepository, type TaskRecord, type TaskTransactionRecord } from '../tasks/tasks.repository';
import { TransactionAccessRepository } from '../transactions/transaction-access.repository';
import { scopeOf, TransactionListService } from '../transactions/transaction-list.service';
import { TransactionWriter } from '../transactions/transaction-writer';
import { TransactionsRepository, type TransactionListRecord, type TransactionScope } from '../transactions/transactions.repository';
import { boardOrderSql } from './board-placement';
import { BoardsRepository, TRANSACTION_BOARD_COLUMNS } from './boards.repository';
import { BOARD_PARAMETERS, type BoardCardsQueryDto, type BoardColumnsQueryDto, type CardActionDto } from './dto/boards.dto';

/** A transaction board's cards: pinned first, then the latest changed, then the ones moved to the bottom. */
export const TRANSACTION_BOARD_ORDER = boardOrderSql('t', 't.updated_ts DESC, t.client_id DESC');
/** The list form's first fields a transaction card shows. */
const CARD_FIELD_COUNT = 3;

const TRANSACTION_NOT_FOUND = 'Transaction not found';
const notFound = (message: string) => new NotFoundException({ status: 'error', message });
const actionError = (error: string) => new FieldErrorsException([{ field: 'action', error }]);

/**
 * The three boards (spec 001 sections 2-4): their columns and totals, each column's cards in board
 * order, and the card actions. The transaction boards narrow by the filter keys through the list's own
 * filter code (FiltersService.forRequest, filterSql), so a column's total is the count of its cards.
 */
@Injectable()
export class BoardsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly boards: BoardsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly tasks: TasksRepository,
    private readonly access: TransactionAccessRepository,
    private readonly list: TransactionListService,
    private readonly options: TeamOptionsRepository,
    private readonly filters: FiltersService,
    private readonly transactionWriter: TransactionWriter,
    private readonly taskWriter: TaskWriter,
  ) {}

  /** GET /boards/{board}. */
  async columns(caller: AuthenticatedUser, board: Board, query: BoardColumnsQueryDto): Promise<BoardColumnsResponse> {
    const scope = scopeOf(caller);
    if (board === 'tasks') {
      const totals = await this.tasks.boardTotals(scope, BOARD_CONSTANTS.completedDays);
      return {
        board,
        columns: TASK_STATUSES.map((status) => ({
          id: status.id,
          label: status.label,
          ...TASK_STATUS_COLUMN_COLORS[status.id],
          total: totals.get(status.id) ?? 0,
        })),
      };
    }
    const { terms, lanes } = await this.transactionTerms(caller, query);
    return { board, columns: await this.boards.transactionColumns(board, scope, terms, lanes) };
  }

  /** GET /boards/{board}/cards. */
  async cards(caller: AuthenticatedUser, board: Board, query: BoardCardsQueryDto): Promise<BoardCardsResponse> {
    const scope = scopeOf(caller);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? BOARD_CONSTANTS.perPage;
    if (board === 'tasks') {
      if (!TASK_STATUSES.some((status) => status.id === query.column_id))
        throw new FieldErrorsException([{ field: 'column_id', error: CARD_ACTION_ERRORS.column }]);
      const { records, total } = await this.tasks.boardPage(scope, query.column_id, BOARD_CONSTANTS.completedDays, page, perPage);
      return {
        records: records.map((record) => this.taskCardOf(caller, record, record.transaction)),
        pagination: paginationOf(total, page, perPage),
      };
    }
    const [{ terms, lanes }, isColumn, fields] = await Promise.all([
      this.transactionTerms(caller, query),
      this.boards.isColumnOf(board, caller.team_id, query.column_id),
      this.cardFields(caller),
    ]);
    if (!isColumn) throw new FieldErrorsException([{ field: 'column_id', error: CARD_ACTION_ERRORS.column }]);
    // A column the filter's lanes leave out has no cards (its column is not on the board either).
    if (lanes && !lanes.includes(query.column_id)) return { records: [], pagination: paginationOf(0, page, perPage) };
    const column = TRANSACTION_BOARD_COLUMNS[board].column;
    const { total, records } = await this.transactions.page({
      scope,
      orderBy: TRANSACTION_BOARD_ORDER,
      page,
      perPage,
      filter: (params) => [...terms(params), `${column} = $${params.push(query.column_id)}`],
    });
    return {
      records: records.map((record) => this.transactionCardOf(caller, record, fields)),
      pagination: paginationOf(total, page, perPage),
    };
  }

  /** PATCH /boards/cards: pin, bottom, unpin (any card), hide and show (transaction cards), team-wide. */
  async act(caller: AuthenticatedUser, body: CardActionDto): Promise<BoardCard> {
    if (!this.actsOnSomeCards(caller)) throw new ForbiddenException();
    const scope = scopeOf(caller);
    if (body.card_type === 'task') {
      if (body.action === 'hide' || body.action === 'show') throw actionError(CARD_ACTION_ERRORS.tasksNotHidden);
      const placement = body.action;
      await this.dataSource.transaction(async (manager) => {
        const task = await this.tasks.visible(scope, body.id, manager);
        if (!task) throw notFound(TASK_MESSAGES.notFound);
        if (!this.canActOnTask(caller, task)) throw new ForbiddenException();
        this.checkPlacement(placement, task.pinned_on_boards);
        await this.taskWriter.update(manager, task.task_id, { board: placement });
      });
      return this.taskCard(caller, scope, body.id);
    }
    await this.dataSource.transaction(async (manager) => {
      const transaction = await this.access.visible(scope, body.id, manager);
      if (!transaction) throw notFound(TRANSACTION_NOT_FOUND);
      if (!this.canActOnTransaction(caller, transaction.primary_agent_id)) throw new ForbiddenException();
      const actor = { agent_id: caller.agent_id, source: 'console' as const };
      if (body.action === 'hide' || body.action === 'show') {
        const hide = body.action === 'hide';
        if (transaction.hidden_on_boards === hide)
          throw actionError(hide ? CARD_ACTION_ERRORS.alreadyHidden : CARD_ACTION_ERRORS.notHidden);
        await this.transactionWriter.update(manager, body.id, { columns: { hidden_on_boards: hide } }, actor);
        return;
      }
      this.checkPlacement(body.action, transaction.pinned_on_boards);
      await this.transactionWriter.update(manager, body.id, { board: body.action }, actor);
    });
    return this.transactionCard(caller, scope, body.id);
  }

  /** The filter's SQL terms (with the hidden cards left out unless show_hidden) and its lanes, for a transaction board. */
  private async transactionTerms(
    caller: AuthenticatedUser,
    query: BoardColumnsQueryDto,
  ): Promise<{ terms: (params: unknown[]) => string[]; lanes: number[] | null }> {
    const raw: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) if (!BOARD_PARAMETERS.has(key)) raw[key] = value;
    const filter = await this.filters.forRequest(caller, raw);
    const lanes = filter?.keys.lane_keys?.length ? filter.keys.lane_keys.map(Number).filter((id) => Number.isSafeInteger(id)) : null;
    const terms = (params: unknown[]) => {
      const all = filter ? filterSql(filter.keys, filter.context, params) : [];
      if (!query.show_hidden) all.push('NOT t.hidden_on_boards');
      return all;
    };
    return { terms, lanes };
  }

  /** The list form's first fields the caller may see (a VENDOR's are fewer). */
  private async cardFields(caller: AuthenticatedUser): Promise<TransactionFieldDefinition[]> {
    const form = await this.options.formWithFields(caller.team_id, LIST_FORM_ALIAS);
    return form ? this.list.visibleFields(caller, form.fields).slice(0, CARD_FIELD_COUNT) : [];
  }

  private async taskCard(caller: AuthenticatedUser, scope: TransactionScope, taskId: number): Promise<TaskCard> {
    const row = await this.tasks.visible(scope, taskId);
    if (!row) throw notFound(TASK_MESSAGES.notFound);
    return this.taskCardOf(caller, row, await this.tasks.transactionOf(row.client_id));
  }

  private async transactionCard(caller: AuthenticatedUser, scope: TransactionScope, clientId: number): Promise<TransactionCard> {
    const [{ records }, fields] = await Promise.all([
      this.transactions.page({ scope, orderBy: TRANSACTION_BOARD_ORDER, page: 1, perPage: 1, clientId }),
      this.cardFields(caller),
    ]);
    if (!records[0]) throw notFound(TRANSACTION_NOT_FOUND);
    return this.transactionCardOf(caller, records[0], fields);
  }

  private taskCardOf(caller: AuthenticatedUser, row: TaskRecord, transaction: TaskTransactionRecord): TaskCard {
    const task = taskOf(row, transaction);
    return {
      ...task,
      transaction: task.transaction!,
      transaction_color_css: `status-${transaction.status.id}`,
      can_act: this.canActOnTask(caller, row),
    };
  }

  private transactionCardOf(
    caller: AuthenticatedUser,
    record: TransactionListRecord,
    fields: readonly TransactionFieldDefinition[],
  ): TransactionCard {
    const row = this.list.rowOf(record, fields);
    // Each value with its field's type (the list's column type), for the card to format it as the list does.
    const values: Record<string, CardFieldValue> = {};
    for (const field of fields) values[field.field_key] = { ...row.values[field.field_key], type: field.type };
    return {
      id: record.client_id,
      client_id: record.client_id,
      status: row.status,
      status_id: record.status_id,
      color_css: row.color_css,
      stage: record.stage,
      type: row.type,
      address: row.address,
      contact_name: row.contact_name,
      field_order: row.field_order,
      values,
      tags: row.tags,
      completed_task_count: row.completed_task_count,
      total_task_count: row.total_task_count,
      primary_agent_id: row.primary_agent_id,
      primary_agent: row.primary_agent,
      primary_agent_profile_pic_path: record.primary_agent_profile_path,
      hidden_on_boards: record.hidden_on_boards,
      pinned_on_boards: record.pinned_on_boards,
      can_act: this.canActOnTransaction(caller, record.primary_agent_id),
    };
  }

  /** pin of a pinned card and unpin of an unpinned one are refused; bottom always moves (and unpins). */
  private checkPlacement(action: 'pin' | 'bottom' | 'unpin', pinned: boolean): void {
    if (action === 'pin' && pinned) throw actionError(CARD_ACTION_ERRORS.alreadyPinned);
    if (action === 'unpin' && !pinned) throw actionError(CARD_ACTION_ERRORS.notPinned);
  }

  private actsOnAllCards(caller: AuthenticatedUser): boolean {
    return caller.roles.some((role) => BOARD_TEAM_ACTION_ROLES.includes(role));
  }

  /** ADMIN and TRANC act on every card, AGENT and ISISA on their own; VENDOR on none. */
  private actsOnSomeCards(caller: AuthenticatedUser): boolean {
    return this.actsOnAllCards(caller) || caller.roles.includes('AGENT') || caller.roles.includes('ISISA');
  }

  private canActOnTransaction(caller: AuthenticatedUser, primaryAgentId: number | null): boolean {
    return this.actsOnAllCards(caller) || (this.actsOnSomeCards(caller) && primaryAgentId === caller.agent_id);
  }

  private canActOnTask(caller: AuthenticatedUser, task: Pick<TaskRecord, 'assigned_to_agent_id'>): boolean {
    return this.actsOnAllCards(caller) || (this.actsOnSomeCards(caller) && task.assigned_to_agent_id === caller.agent_id);
  }
}
