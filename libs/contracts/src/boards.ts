import type { Pagination } from './api';
import type { Role } from './roles';
import type { Task } from './tasks';
import type { CustomFieldType, FieldValue } from './transactions';

/** The three boards (`GET /boards/{board}`): tasks by status, transactions by stage, transactions by status. */
export const BOARDS = ['tasks', 'stages', 'status'] as const;
export type Board = (typeof BOARDS)[number];
/** The transaction boards take the filter keys and mount the filter sidebar with these components. */
export const BOARD_FILTER_COMPONENTS = { stages: 'stages-board', status: 'status-board' } as const;

/** Who sees boards (CLIENT: 403); VENDOR reads only. */
export const BOARD_ROLES: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR'];
/** Who acts on every card; AGENT and ISISA only on their own (primary agent of, assigned to). */
export const BOARD_TEAM_ACTION_ROLES: readonly Role[] = ['ADMIN', 'TRANC'];

/** Spec 001 section 9: board constants. */
export const BOARD_CONSTANTS = {
  /** Cards per page of a column unless per_page says otherwise. */
  perPage: 15,
  maxPerPage: 50,
  skeletonCount: 15,
  cardHeight: 166,
  touchDelayMs: 200,
  /** The tasks board's Completed column holds the tasks completed in the last this many days. */
  completedDays: 30,
  /** The first page of a column of this many cards answers within BOARD_COLUMN_BUDGET_MS (bench). */
  benchColumnCards: 5000,
  benchColumnBudgetMs: 150,
} as const;

/** The task board's column colours (task statuses have none of their own), by task status id. */
export const TASK_STATUS_COLUMN_COLORS: Readonly<Record<number, { color: string; font_color: 'dark' | 'light' }>> = {
  1: { color: '#6c757d', font_color: 'light' },
  2: { color: '#0d6efd', font_color: 'light' },
  3: { color: '#198754', font_color: 'light' },
  4: { color: '#ced4da', font_color: 'dark' },
};

/** A column of a board: a task status, a stage or a transaction status. */
export interface BoardColumn {
  id: number;
  label: string;
  /** Background colour (hex). */
  color: string;
  font_color: 'dark' | 'light' | string;
  /** Cards in the column for this request (its filter and show_hidden). */
  total: number;
}

/** GET /boards/{board}. */
export interface BoardColumnsResponse {
  board: Board;
  columns: BoardColumn[];
}

/** A stage or status as a card shows it. */
export interface BoardLabel {
  id: number;
  label: string;
  color: string;
  font_color: string;
}

/** A transaction card's field value: the list's FieldValue with the field's type, so the card formats it as the list does. */
export interface CardFieldValue extends FieldValue {
  /** The field's type in the team's catalogue (amount, percent, date, ...), as the list's column carries it. */
  type: CustomFieldType;
}

/** Spec 001 section 3: Transaction card. */
export interface TransactionCard {
  id: number;
  client_id: number;
  /** The status label. */
  status: string;
  status_id: number;
  /** 'status-{status_id}' (the list's status tag class). */
  color_css: string;
  stage: BoardLabel | null;
  type: 'Buyer' | 'Seller';
  address: string;
  contact_name: string;
  /** The list form's first three fields the caller may see. */
  field_order: string[];
  /** By field_order key: label, value as the list answers it, and the field's type. */
  values: Record<string, CardFieldValue>;
  tags: { label: string; border: string }[];
  completed_task_count: number;
  total_task_count: number;
  primary_agent_id: number | null;
  primary_agent: string;
  primary_agent_profile_pic_path: string | null;
  hidden_on_boards: boolean;
  pinned_on_boards: boolean;
  /** Whether the caller may use the card's context menu (pin, bottom, unpin, hide, show) and drag it. */
  can_act: boolean;
}

/** Spec 001 section 3: Task card (a task with its transaction). */
export type TaskCard = Task & {
  transaction: NonNullable<Task['transaction']>;
  /** 'status-{status id}' of the task's transaction (its status tag class). */
  transaction_color_css: string;
  can_act: boolean;
};

export type BoardCard = TaskCard | TransactionCard;

/** GET /boards/{board}/cards?column_id&page&per_page&show_hidden (+ filter keys, filter_id on the transaction boards). */
export interface BoardCardsResponse<T extends BoardCard = BoardCard> {
  records: T[];
  pagination: Pagination;
}

export const CARD_TYPES = ['task', 'transaction'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_ACTIONS = ['pin', 'bottom', 'unpin', 'hide', 'show'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

/** PATCH /boards/cards -> the card. */
export interface CardActionRequest {
  card_type: CardType;
  id: number;
  action: CardAction;
}

/** The context menu's labels (spec 001 section 4). */
export const CARD_MENU_LABELS = {
  pin: 'Pin to top',
  bottom: 'Move to bottom',
  unpinTask: 'Unpin task',
  unpinTransaction: 'Unpin transaction',
  hide: 'Hide from boards',
  show: 'Show on boards',
} as const;

/** Refusals of PATCH /boards/cards (field errors on `action`). */
export const CARD_ACTION_ERRORS = {
  alreadyPinned: 'This card is already pinned',
  notPinned: 'This card is not pinned',
  tasksNotHidden: 'Only transaction cards can be hidden or shown',
  alreadyHidden: 'This card is already hidden',
  notHidden: 'This card is not hidden',
  column: 'Choose a column of this board',
} as const;

/** Titles of the boards (menu and page headings). */
export const BOARD_TITLES: Readonly<Record<Board, string>> = {
  tasks: 'Task Board',
  stages: 'Stages Board',
  status: 'Status Board',
};
