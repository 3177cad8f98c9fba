import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  DOCUMENT_MESSAGES,
  DONE_TASK_STATUS_IDS,
  FORM_FIELD_MESSAGES,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_MESSAGES as M,
  TASK_PRESET_FIELDS,
  TASK_STATUSES,
  type FieldError,
  type Task,
  type TaskStatusId,
} from '@app/contracts';
import { FieldErrorsException, MAX_DATABASE_ID, TASK_DESCRIPTION_TAGS, richTextLength, sanitizeRichText, usDateToIso } from '@app/platform';
import { paginationOf } from '@app/database';
import { TransactionAccessRepository } from '../transactions/transaction-access.repository';
import { scopeOf } from '../transactions/transaction-list.service';
import type { TaskBulkDto, TaskCreateDto, TaskListQueryDto, TaskUpdateDto } from './dto/tasks.dto';
import { TASK_NAME_MAX_LENGTH } from './dto/tasks.dto';
import { dueOf } from './task-due';
import { TaskWriter, type TaskChanges } from './task-writer';
import { TasksRepository, type TaskRecord, type TaskTransactionRecord } from './tasks.repository';
import { TASK_ERRORS } from './tasks.errors';

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_DATABASE_ID;
const isAdminOrTc = (caller: AuthenticatedUser) => caller.roles.includes('ADMIN') || caller.roles.includes('TRANC');
const isVendorOnly = (caller: AuthenticatedUser) => scopeOf(caller).kind === 'vendor';
const notFound = () => new NotFoundException({ status: 'error', message: M.notFound });

/** A description as stored (sanitised), or its error. */
export function checkDescription(raw: unknown): { value: string } | { error: string } {
  if (raw === null || raw === undefined) return { value: '' };
  if (typeof raw !== 'string') return { error: FORM_FIELD_MESSAGES.invalidValue };
  const value = sanitizeRichText(raw, TASK_DESCRIPTION_TAGS);
  if (richTextLength(value) > TASK_DESCRIPTION_MAX_LENGTH) return { error: M.descriptionTooLong };
  return { value: richTextLength(value) === 0 && !/<a\s/.test(value) ? '' : value };
}

/** The answer for a task row (and its transaction when given). */
export function taskOf(row: TaskRecord, transaction?: TaskTransactionRecord): Task {
  const task: Task = {
    id: row.task_id,
    task_id: row.task_id,
    client_id: row.client_id,
    name: row.name,
    description: row.dscr,
    status_id: row.status_id as TaskStatusId,
    done: row.done,
    task_type: row.task_type === 'N' ? 'N' : null,
    due_dt: row.due_dt ? `${row.due_dt.slice(5, 7)}/${row.due_dt.slice(8, 10)}/${row.due_dt.slice(0, 4)}` : null,
    due: dueOf(row, row.today),
    due_source: row.due_source,
    on_roadmap: row.on_roadmap,
    rtc_id: row.rtc_id,
    step: row.step,
    assigned_to_agent_id: row.assigned_to_agent_id,
    assigned_to_agent:
      row.assigned_to_agent_id !== null && row.assignee_first_name !== null
        ? {
            id: row.assigned_to_agent_id,
            first_name: row.assignee_first_name,
            last_name: row.assignee_last_name ?? '',
            profile_path: row.assignee_profile_path,
          }
        : null,
    doc_type_id: row.doc_type_id,
    doc_id: row.doc_id,
    pinned_on_boards: row.pinned_on_boards,
    // A timestamptz column: pg gives a Date, the wire an ISO string.
    completed_ts: row.completed_ts === null ? null : row.completed_ts.toISOString(),
    version: row.version,
  };
  if (transaction) {
    task.transaction = {
      id: row.client_id,
      type: transaction.type === 's' ? 'seller' : 'buyer',
      first_name: transaction.first_name,
      last_name: transaction.last_name,
      address_1: transaction.address_1,
      address_2: transaction.address_2,
      agent_id: transaction.primary_agent_id,
      tc_agent_id: transaction.tc_agent_id,
      stage: transaction.stage,
      status: transaction.status,
      tags: transaction.tags,
    };
  }
  return task;
}

@Injectable()
export class TasksService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly tasks: TasksRepository,
    private readonly transactions: TransactionAccessRepository,
    private readonly writer: TaskWriter,
  ) {}

  statuses() {
    return { records: TASK_STATUSES.map(({ id, label, done }) => ({ id, label, done })) };
  }

  async list(caller: AuthenticatedUser, query: TaskListQueryDto) {
    const scope = scopeOf(caller);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 100;
    const { records, total } = await this.tasks.page(
      scope,
      query.client_id,
      query.order_by ?? 'due_dt',
      query.order_dir ?? 1,
      page,
      perPage,
    );
    return { records: records.map((row) => taskOf(row)), pagination: paginationOf(total, page, perPage) };
  }

  async one(caller: AuthenticatedUser, taskId: number): Promise<Task> {
    const row = await this.tasks.visible(scopeOf(caller), taskId);
    if (!row) throw notFound();
    return taskOf(row, await this.tasks.transactionOf(row.client_id));
  }

  /** POST /tasks: on a transaction the caller sees (VENDOR: 403); the assignee defaults to the caller. */
  async create(caller: AuthenticatedUser, body: TaskCreateDto): Promise<Task> {
    if (isVendorOnly(caller)) throw new ForbiddenException({ status: 'error', message: TASK_ERRORS.cannotAdd });
    const taskId = await this.dataSource.transaction(async (manager) => {
      const transaction = await this.transactions.visible(scopeOf(caller), body.client_id, manager);
      if (!transaction) throw new NotFoundException({ status: 'error', message: 'Transaction not found' });
      const errors: FieldError[] = [];
      const description = checkDescription(body.dscr);
      if ('error' in description) errors.push({ field: 'dscr', error: description.error });
      const assignee = body.assigned_to_agent_id ?? caller.agent_id;
      if (!(await this.tasks.isAssignable(caller.team_id, assignee, manager)))
        errors.push({ field: 'assigned_to_agent_id', error: M.assignee });
      // A document type the task needs must be one of the team's.
      if (body.doc_type_id != null && !(await this.tasks.isDocumentType(caller.team_id, body.doc_type_id, manager)))
        errors.push({ field: 'doc_type_id', error: TASK_ERRORS.docTypeOfTeam });
      if (errors.length) throw new FieldErrorsException(errors);
      return this.writer.create(manager, {
        team_id: caller.team_id,
        client_id: body.client_id,
        name: body.name,
        dscr: 'value' in description ? description.value : '',
        due_dt: body.due_dt ?? null,
        assigned_to_agent_id: assignee,
        doc_type_id: body.doc_type_id ?? null,
      });
    });
    return this.one(caller, taskId);
  }

  /** PATCH /tasks/{task_id}: the preset's fields only, checked whole and applied whole or not at all. */
  async update(caller: AuthenticatedUser, taskId: number, body: TaskUpdateDto): Promise<Task> {
    if (body.task_id !== taskId) throw new FieldErrorsException([{ field: 'task_id', error: M.taskIdMismatch }]);
    await this.dataSource.transaction(async (manager) => {
      const task = await this.tasks.visible(scopeOf(caller), taskId, manager);
      if (!task) throw notFound();
      if (body.transaction_id !== undefined && body.transaction_id !== task.client_id) {
        throw new FieldErrorsException([{ field: 'transaction_id', error: M.transactionIdMismatch }]);
      }
      const allowed = new Set(['task_id', 'transaction_id', 'preset', ...TASK_PRESET_FIELDS[body.preset]]);
      const refused = Object.keys(body).filter((key) => body[key as keyof TaskUpdateDto] !== undefined && !allowed.has(key));
      if (refused.length) throw new FieldErrorsException(refused.map((field) => ({ field, error: M.notAllowedHere })));
      const sent: Record<string, unknown> = Object.fromEntries(
        TASK_PRESET_FIELDS[body.preset]
          .filter((key) => body[key as keyof TaskUpdateDto] !== undefined)
          .map((key) => [key, body[key as keyof TaskUpdateDto]]),
      );
      if (isVendorOnly(caller)) {
        // A vendor works only on its own tasks, and only their status and document.
        const vendorKeys = body.preset === 'status' ? ['status_id'] : body.preset === 'details' ? ['doc_id'] : [];
        if (task.assigned_to_agent_id !== caller.agent_id || Object.keys(sent).some((key) => !vendorKeys.includes(key))) {
          throw new ForbiddenException({ status: 'error', message: M.vendorOnly });
        }
      }
      const changes = await this.checkChanges(manager, caller, task, sent, (key) => key);
      await this.writer.update(manager, taskId, changes);
    });
    return this.one(caller, taskId);
  }

  /** PATCH /tasks/bulk: every task checked first; one refusal refuses all, with an error per refused task. */
  async bulk(caller: AuthenticatedUser, body: TaskBulkDto): Promise<{ updated: number }> {
    const sent: Record<string, unknown> = {};
    for (const key of ['assigned_to_agent_id', 'due_dt', 'status_id'] as const)
      if (body[key] !== undefined && body[key] !== null) sent[key] = body[key];
    if (Object.keys(sent).length === 0) throw new FieldErrorsException([{ field: 'task_ids', error: M.nothingToChange }]);
    return this.dataSource.transaction(async (manager) => {
      const ids = [...new Set(body.task_ids)];
      const reached = new Map((await this.tasks.reached(scopeOf(caller), ids, manager)).map((task) => [task.task_id, task]));
      const errors: FieldError[] = [];
      const planned: [number, TaskChanges][] = [];
      for (const taskId of ids) {
        const task = reached.get(taskId);
        const field = `tasks.${taskId}`;
        if (!task) {
          errors.push({ field, error: M.notFound });
          continue;
        }
        if (
          isVendorOnly(caller) &&
          (task.assigned_to_agent_id !== caller.agent_id || Object.keys(sent).some((key) => key !== 'status_id'))
        ) {
          errors.push({ field, error: M.vendorOnly });
          continue;
        }
        try {
          planned.push([taskId, await this.checkChanges(manager, caller, task, sent, () => field, true)]);
        } catch (error) {
          if (!(error instanceof FieldErrorsException)) throw error;
          const own = (error.getResponse() as { errors: FieldError[] }).errors;
          errors.push(...own.map((e) => ({ field, error: e.error })));
        }
      }
      if (errors.length) throw new FieldErrorsException(errors);
      let updated = 0;
      for (const [taskId, changes] of planned) if ((await this.writer.update(manager, taskId, changes)).changed.length) updated += 1;
      return { updated };
    });
  }

  /** DELETE /tasks/{task_id}: ADMIN and TRANC. */
  async remove(caller: AuthenticatedUser, taskId: number): Promise<{ task_id: number }> {
    return this.dataSource.transaction(async (manager) => {
      const task = await this.tasks.visible(scopeOf(caller), taskId, manager);
      if (!task) throw notFound();
      if (!isAdminOrTc(caller)) throw new ForbiddenException({ status: 'error', message: TASK_ERRORS.cannotDelete });
      await this.writer.remove(manager, [taskId]);
      return { task_id: taskId };
    });
  }

  /**
   * The sent fields as changes, or a 400 naming every bad one (fieldOf names an error's field).
   * usDates: due_dt arrives already as 'YYYY-MM-DD' (the bulk DTO converted it).
   */
  private async checkChanges(
    manager: EntityManager,
    caller: AuthenticatedUser,
    task: TaskRecord,
    sent: Record<string, unknown>,
    fieldOf: (key: string) => string,
    isoDates = false,
  ): Promise<TaskChanges> {
    const errors: FieldError[] = [];
    const changes: TaskChanges = {};
    const fail = (key: string, error: string) => errors.push({ field: fieldOf(key), error });
    for (const [key, raw] of Object.entries(sent)) {
      switch (key) {
        case 'status_id':
          if (!TASK_STATUSES.some((s) => s.id === raw)) fail(key, M.status);
          else if (task.task_type === 'N' && raw !== task.status_id) fail(key, M.notificationStatus);
          // A task that needs a document is done only with one attached.
          else if (
            DONE_TASK_STATUS_IDS.includes(raw as number) &&
            task.doc_type_id !== null &&
            (('doc_id' in sent ? sent.doc_id : task.doc_id) ?? null) === null
          ) {
            fail(key, DOCUMENT_MESSAGES.documentRequired);
          } else changes.status_id = raw as number;
          break;
        case 'due_dt': {
          if (raw === null || raw === '') changes.due_dt = null;
          else {
            const iso = isoDates ? (raw as string) : usDateToIso(raw, ['/']);
            if (!iso) fail(key, 'Please enter a valid date (MM/DD/YYYY)');
            else changes.due_dt = iso;
          }
          break;
        }
        case 'assigned_to_agent_id':
          if (!isId(raw) || !(await this.tasks.isAssignable(caller.team_id, raw, manager))) fail(key, M.assignee);
          else changes.assigned_to_agent_id = raw;
          break;
        case 'name':
          if (typeof raw !== 'string' || raw.trim() === '') fail(key, FORM_FIELD_MESSAGES.required);
          else if (raw.trim().length > TASK_NAME_MAX_LENGTH) fail(key, TASK_ERRORS.nameTooLong);
          else changes.name = raw.trim();
          break;
        case 'dscr': {
          const description = checkDescription(raw);
          if ('error' in description) fail(key, description.error);
          else changes.dscr = description.value;
          break;
        }
        case 'doc_id':
          // One of the transaction's documents, or null to detach it.
          if (raw !== null && (!isId(raw) || !(await this.transactions.isDocumentOf(task.client_id, raw, manager))))
            fail(key, TASK_ERRORS.docId);
          else changes.doc_id = raw as number | null;
          break;
        default:
          fail(key, M.notAllowedHere);
      }
    }
    if (errors.length) throw new FieldErrorsException(errors);
    return changes;
  }
}
