import type { Pagination, Task, TaskStatusId } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

export interface TasksApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

export interface TaskListQuery {
  client_id: number;
  page: number;
  per_page: number;
  order_by?: 'due_dt' | 'name' | 'status_id' | 'created_ts' | 'task_id';
  order_dir?: 1 | -1;
}

export interface TaskListResponse {
  records: Task[];
  pagination: Pagination;
}

/** POST /tasks. */
export interface TaskCreateRequest {
  client_id: number;
  name: string;
  dscr?: string;
  due_dt?: string | null;
  assigned_to_agent_id?: number | null;
}

/** One preset of PATCH /tasks/{task_id} and its fields. */
export type TaskChange =
  | { preset: 'status'; status_id: TaskStatusId }
  | { preset: 'due'; due_dt: string | null }
  | { preset: 'assignee'; assigned_to_agent_id: number }
  | { preset: 'details'; name?: string; dscr?: string; doc_id?: number | null };

/** PATCH /tasks/bulk: only the non-null fields are sent. */
export interface TaskBulkRequest {
  task_ids: number[];
  assigned_to_agent_id?: number;
  due_dt?: string;
  status_id?: number;
}

/** The transaction fields the task modal changes (preset task_modal). */
export interface TaskModalTransactionChanges {
  client_stage_id?: number | null;
  tc_agent_id?: number | null;
  tags?: number[];
}

const id = (value: number | string) => encodeURIComponent(String(value));

/** The task calls of the task screens (docs/tasks-api.md). Errors are react-admin HttpErrors. */
export function createTasksApi(options: TasksApiOptions) {
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return {
    listTasks: (query: TaskListQuery) => {
      const params = new URLSearchParams({
        client_id: String(query.client_id),
        page: String(query.page),
        per_page: String(query.per_page),
      });
      if (query.order_by) params.set('order_by', query.order_by);
      if (query.order_dir) params.set('order_dir', String(query.order_dir));
      return call<TaskListResponse>(`/tasks?${params.toString()}`);
    },
    /** The task with its transaction. */
    getTask: (taskId: number | string) => call<Task>(`/tasks/${id(taskId)}`),
    createTask: (request: TaskCreateRequest) => call<Task>('/tasks', 'POST', request),
    /** One preset's change; answers the task. */
    updateTask: (task: Pick<Task, 'task_id' | 'client_id'>, change: TaskChange) =>
      call<Task>(`/tasks/${id(task.task_id)}`, 'PATCH', { task_id: task.task_id, transaction_id: task.client_id, ...change }),
    bulkUpdate: (request: TaskBulkRequest) => call<{ updated: number }>('/tasks/bulk', 'PATCH', request),
    deleteTask: (taskId: number) => call<{ task_id: number }>(`/tasks/${id(taskId)}`, 'DELETE'),
    /** The transaction's stage, TC and tags from the task modal (preset task_modal). */
    updateTransaction: (clientId: number, taskId: number, changes: TaskModalTransactionChanges) =>
      call<{ client_id: number; version: number; changed: string[] }>(`/transaction/${id(clientId)}`, 'PATCH', {
        client_id: clientId,
        task_id: taskId,
        preset: 'task_modal',
        changes,
      }),
  };
}

export type TasksApi = ReturnType<typeof createTasksApi>;
