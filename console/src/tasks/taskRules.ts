import {
  DONE_TASK_STATUS_IDS,
  parseUsDate,
  TASK_MESSAGES,
  DOCUMENT_MESSAGES,
  DOCUMENT_MAX_BYTES,
  STORAGE_MESSAGES,
  type Task,
  type TaskDue,
} from '@app/contracts';
import { fieldErrorsOf } from '../shared/forms/fieldErrors';
import { DATE_YEAR_RANGE } from '../shared/form-fields/rules';
import type { TaskBulkRequest } from './api';

// The task screens' rules (spec 001 sections 4, 5 and 8): pure, shared by the screens and their tests.

export const TASK_PAGE_SIZES = [10, 20, 60, 100] as const;
export const DEFAULT_TASK_PAGE_SIZE = 100;

export const isDoneStatus = (statusId: number) => DONE_TASK_STATUS_IDS.includes(statusId);

/** A done status on a task that needs a document and has none: the 'Document required' dialog, nothing sent. */
export const needsDocumentFirst = (task: Pick<Task, 'doc_type_id' | 'doc_id'>, statusId: number) =>
  isDoneStatus(statusId) && task.doc_type_id !== null && task.doc_id === null;

/** Whether a failed call is the server's 'Document required' refusal (alone or for one task of a bulk). */
export function isDocumentRequired(error: unknown): boolean {
  return Object.values(fieldErrorsOf(error)).includes(DOCUMENT_MESSAGES.documentRequired);
}

/** A due date the modal sends: a whole valid date, or null (cleared); a date being typed is not sent yet. */
export function dueToSend(value: unknown): { send: true; due_dt: string | null } | { send: false } {
  if (value === null || value === undefined || String(value).trim() === '') return { send: true, due_dt: null };
  const text = String(value).trim();
  const iso = text.includes('/') ? parseUsDate(text) : null;
  const year = iso ? Number(iso.slice(0, 4)) : 0;
  if (!iso || year < DATE_YEAR_RANGE.min || year > DATE_YEAR_RANGE.max) return { send: false };
  return { send: true, due_dt: text };
}

/** The bulk dialog's values: empty ones are "no change". */
export interface BulkValues {
  assigned_to_agent_id: number | '' | null;
  due_dt: string | null;
  status_id: number | '' | null;
}

export const EMPTY_BULK: BulkValues = { assigned_to_agent_id: '', due_dt: null, status_id: '' };

/** PATCH /tasks/bulk with only the fields that change (null when nothing does, or the date is not whole yet). */
export function bulkRequest(taskIds: readonly number[], values: BulkValues): TaskBulkRequest | null {
  const request: TaskBulkRequest = { task_ids: [...taskIds] };
  if (values.assigned_to_agent_id !== '' && values.assigned_to_agent_id !== null)
    request.assigned_to_agent_id = Number(values.assigned_to_agent_id);
  if (values.status_id !== '' && values.status_id !== null) request.status_id = Number(values.status_id);
  if (values.due_dt) {
    const due = dueToSend(values.due_dt);
    if (!due.send || due.due_dt === null) return null;
    request.due_dt = due.due_dt;
  }
  return Object.keys(request).length > 1 ? request : null;
}

export interface RefusedTask {
  task_id: number;
  name: string;
  error: string;
}

/** A bulk refusal's errors ('tasks.{task_id}') as the refused tasks, named; other fields as they are. */
export function refusedTasks(error: unknown, tasks: readonly Pick<Task, 'task_id' | 'name'>[]): { tasks: RefusedTask[]; other: string[] } {
  const refused: RefusedTask[] = [];
  const other: string[] = [];
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const match = /^tasks\.(\d+)$/.exec(field);
    if (!match) {
      other.push(message);
      continue;
    }
    const taskId = Number(match[1]);
    refused.push({ task_id: taskId, name: tasks.find((task) => task.task_id === taskId)?.name ?? `#${taskId}`, error: message });
  }
  return { tasks: refused, other };
}

/** The upload's own checks before anything is sent: folder, type, then the file (the server checks the bytes again). */
export function uploadProblem(
  choice: { folderId: number | null; typeId: number | null },
  file?: Pick<File, 'type' | 'name' | 'size'> | null,
): string | null {
  if (choice.folderId === null) return DOCUMENT_MESSAGES.folderRequired;
  if (choice.typeId === null) return DOCUMENT_MESSAGES.typeRequired;
  if (!file) return null;
  if (!isAllowedFile(file)) return STORAGE_MESSAGES.documentTypeNotAllowed;
  if (file.size > DOCUMENT_MAX_BYTES) return STORAGE_MESSAGES.documentTooLarge;
  return null;
}

export const ACCEPTED_FILES = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

function isAllowedFile(file: Pick<File, 'type' | 'name'>): boolean {
  if (['application/pdf', 'image/jpeg', 'image/png'].includes(file.type)) return true;
  return !file.type && /\.(pdf|jpe?g|png)$/i.test(file.name);
}

/** The due label's colours by its style: light-mode shades dark enough to read on white, light ones on dark. */
export const DUE_STYLE_COLOURS: Readonly<Record<TaskDue['style'], { light: string; dark: string }>> = {
  success: { light: '#1b5e20', dark: '#81c784' },
  muted: { light: '#5f6368', dark: '#bdbdbd' },
  danger: { light: '#b71c1c', dark: '#ef9a9a' },
  warning: { light: '#8a4500', dark: '#ffb74d' },
  info: { light: '#01579b', dark: '#81d4fa' },
};

/** 'First Last' of the assignee, or null. */
export const assigneeName = (task: Pick<Task, 'assigned_to_agent'>) =>
  task.assigned_to_agent ? `${task.assigned_to_agent.first_name} ${task.assigned_to_agent.last_name}`.trim() : null;

/** The transaction's address or its contact's name (the task modal's transaction info). */
export function transactionLine(transaction: NonNullable<Task['transaction']>): string {
  const address = [transaction.address_1, transaction.address_2].filter((part) => part && part.trim()).join(', ');
  const name = `${transaction.first_name ?? ''} ${transaction.last_name ?? ''}`.trim();
  return address || name || `#${transaction.id}`;
}

/** The description's own check: at most 1500 characters of text (the server counts the same). */
export function descriptionProblem(html: string): string | null {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x');
  return text.length > 1500 ? TASK_MESSAGES.descriptionTooLong : null;
}
