import type { TransactionSide } from './transactions';

/** Roles that see tasks at all (CLIENT: 403). */
export const TASK_ROLES = ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR'] as const;

/** The task statuses (fixed for every team): the last two are done. */
export const TASK_STATUSES = [
  { id: 1, label: 'Not Started', done: false },
  { id: 2, label: 'In Progress', done: false },
  { id: 3, label: 'Completed', done: true },
  { id: 4, label: 'Not Applicable', done: true },
] as const;
export type TaskStatusId = (typeof TASK_STATUSES)[number]['id'];
export const TASK_STATUS = { notStarted: 1, inProgress: 2, completed: 3, notApplicable: 4 } as const;
export const DONE_TASK_STATUS_IDS: readonly number[] = TASK_STATUSES.filter((s) => s.done).map((s) => s.id);

/** task_type: N is a notification task (its status changes when its notification is sent); null a plain task. */
export type TaskType = 'N' | null;

/** What a roadmap step's due date counts from: the day the roadmap was assigned, or a transaction date. */
export const ROADMAP_TRIGGERS = ['assigned', 'signed_dt', 'under_contract_dt', 'est_close_dt', 'closed_dt'] as const;
export type RoadmapTrigger = (typeof ROADMAP_TRIGGERS)[number];
export const ROADMAP_TRIGGER_LABELS: Readonly<Record<RoadmapTrigger, string>> = {
  assigned: 'Roadmap Assigned',
  signed_dt: 'Signed Date',
  under_contract_dt: 'Under Contract Date',
  est_close_dt: 'Estimated Close Date',
  closed_dt: 'Closed Date',
};

/** A step's assignee: the transaction's primary agent, its TC (the primary agent when there is none), or a user id. */
export type RoadmapAssignee = 'primary_agent' | 'tc' | number;

export interface RoadmapStep {
  step: number;
  name: string;
  description: string;
  task_type: TaskType;
  trigger: RoadmapTrigger;
  offset_days: number;
  assignee: RoadmapAssignee;
  doc_type_id: number | null;
}

export interface RoadmapTemplate {
  rtc_id: number;
  name: string;
  /** The side it is for (b buyer, s seller), or null for both. */
  client_type: TransactionSide | null;
  steps?: RoadmapStep[];
}

/** POST and DELETE /transaction/rtc/bulk. */
export interface RoadmapBulkRequest {
  client_ids: number[];
  rtc_id: number[];
}
export const ROADMAP_BULK_MAX_TRANSACTIONS = 500;

/** The due date as the task screens show it. */
export type DueStyle = 'success' | 'muted' | 'danger' | 'warning' | 'info';
export type PaceClass = 'done' | 'none' | 'behind' | 'due-today' | 'due-soon' | 'on-pace';
export interface TaskDue {
  /** MM/DD/YYYY or null. */
  date: string | null;
  /** MM/DD/YYYY: the date before a blackout day moved it (null when it was not moved). */
  original_due_date: string | null;
  label: string;
  trigger: string | null;
  style: DueStyle;
  is_adjusted: boolean;
  pace_class: PaceClass;
}

export interface TaskTransaction {
  id: number;
  type: 'seller' | 'buyer';
  first_name: string;
  last_name: string;
  address_1: string;
  address_2: string;
  agent_id: number | null;
  tc_agent_id: number | null;
  stage: { id: number; label: string; color: string; font_color: string } | null;
  status: { id: number; label: string; color: string; font_color: string };
  tags: { id: number; label: string; border: string }[];
}

export interface Task {
  id: number;
  task_id: number;
  client_id: number;
  name: string;
  description: string;
  status_id: TaskStatusId;
  done: boolean;
  task_type: TaskType;
  /** MM/DD/YYYY or null. */
  due_dt: string | null;
  due: TaskDue;
  due_source: 'roadmap' | 'manual';
  on_roadmap: boolean;
  rtc_id: number | null;
  step: number | null;
  assigned_to_agent_id: number | null;
  assigned_to_agent: { id: number; first_name: string; last_name: string; profile_path: string | null } | null;
  doc_type_id: number | null;
  doc_id: number | null;
  pinned_on_boards: boolean;
  completed_ts: string | null;
  version: number;
  transaction?: TaskTransaction;
}

export const TASK_PRESETS = ['status', 'due', 'assignee', 'details'] as const;
export type TaskPreset = (typeof TASK_PRESETS)[number];
/** The fields each preset of PATCH /tasks/{task_id} takes (besides task_id, transaction_id and preset). */
export const TASK_PRESET_FIELDS: Readonly<Record<TaskPreset, readonly string[]>> = {
  status: ['status_id'],
  due: ['due_dt'],
  assignee: ['assigned_to_agent_id'],
  details: ['name', 'dscr', 'doc_id'],
};

/** The whole task, as transactions.task.* events carry it (version is the task's; the envelope's stays 1). */
/** POST /tasks: dscr is rich text, sanitised; due_dt MM/DD/YYYY; the assignee defaults to the caller. */
export interface TaskCreateRequest {
  client_id: number;
  name: string;
  dscr?: string | null;
  due_dt?: string | null;
  assigned_to_agent_id?: number;
  doc_type_id?: number | null;
}

/** PATCH /tasks/bulk: only non-null fields change. */
export interface TaskBulkRequest {
  task_ids: number[];
  assigned_to_agent_id?: number | null;
  due_dt?: string | null;
  status_id?: number | null;
}

export interface TaskSnapshot {
  task_id: number;
  client_id: number;
  team_id: number;
  name: string;
  task_type: TaskType;
  status_id: number;
  done: boolean;
  /** YYYY-MM-DD or null. */
  due_dt: string | null;
  assigned_to_agent_id: number | null;
  previous_assigned_to_agent_id: number | null;
  doc_type_id: number | null;
  /** Pinned to the top of its board column (team-wide). */
  pinned_on_boards: boolean;
  version: number;
}

export const TASK_MESSAGES = {
  notificationStatus: 'The status of a notification task changes when it is sent',
  descriptionTooLong: 'Maximum length is 1500',
  notFound: 'Task not found',
  taskIdMismatch: "task_id must be the task's id",
  transactionIdMismatch: "transaction_id must be the task's transaction",
  notAllowedHere: 'Not allowed here',
  assignee: 'Must be an active user of your team',
  status: 'Must be one of the task statuses',
  preset: 'Must be one of status, due, assignee, details',
  vendorOnly: 'You can only change the status and document of tasks assigned to you',
  readOnly: 'You do not have permission to change this task',
  nothingToChange: 'Choose something to change',
  rtcNotFound: 'Roadmap template not found',
  roadmapsAssigned: 'Roadmaps assigned',
  roadmapsRemoved: 'Roadmaps have been removed',
  dateAdjusted: 'Date changed due to black out dates',
} as const;
