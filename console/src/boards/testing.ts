import type { BoardColumn, StatusOption, TaskCard, TransactionCard } from '@app/contracts';

// Data of the boards' tests.

export function buildColumn(id: number, label: string, overrides: Partial<BoardColumn> = {}): BoardColumn {
  return { id, label, color: '#1565c0', font_color: 'light', total: 0, ...overrides };
}

export function buildTaskCard(taskId: number, overrides: Partial<TaskCard> = {}): TaskCard {
  return {
    id: taskId,
    task_id: taskId,
    client_id: 500,
    name: `Task ${taskId}`,
    description: '',
    status_id: 1,
    done: false,
    task_type: null,
    due_dt: '12/01/2026',
    due: {
      date: '12/01/2026',
      original_due_date: null,
      label: 'Due in 7 days',
      trigger: null,
      style: 'info',
      is_adjusted: false,
      pace_class: 'on-pace',
    },
    due_source: 'manual',
    on_roadmap: false,
    rtc_id: null,
    step: null,
    assigned_to_agent_id: 13,
    assigned_to_agent: { id: 13, first_name: 'Sawyer', last_name: 'Bennett', profile_path: null },
    doc_type_id: null,
    doc_id: null,
    pinned_on_boards: false,
    completed_ts: null,
    version: 1,
    transaction: {
      id: 500,
      type: 'seller',
      first_name: 'Casey',
      last_name: 'Client',
      address_1: '12 Oak St',
      address_2: 'Austin, TX',
      agent_id: 7,
      tc_agent_id: null,
      stage: { id: 2, label: 'Hot', color: '#c62828', font_color: 'light' },
      status: { id: 3, label: 'Active', color: '#2e7d32', font_color: 'light' },
      tags: [{ id: 6, label: 'Luxury', border: '#1f4e79' }],
    },
    transaction_color_css: 'status-3',
    can_act: true,
    ...overrides,
  };
}

export function buildTransactionCard(clientId: number, overrides: Partial<TransactionCard> = {}): TransactionCard {
  return {
    id: clientId,
    client_id: clientId,
    status: 'Active',
    status_id: 3,
    color_css: 'status-3',
    stage: { id: 2, label: 'Hot', color: '#c62828', font_color: 'light' },
    type: 'Buyer',
    address: `${clientId} Elm St, Austin, TX`,
    contact_name: `Client ${clientId}`,
    field_order: ['cf_price'],
    values: { cf_price: { label: 'List Price', value: 450000, type: 'amount' } },
    tags: [{ label: 'VIP', border: '#1f4e79' }],
    completed_task_count: 3,
    total_task_count: 8,
    primary_agent_id: 7,
    primary_agent: 'Avery Agent',
    primary_agent_profile_pic_path: null,
    hidden_on_boards: false,
    pinned_on_boards: false,
    can_act: true,
    ...overrides,
  };
}

export function buildStatus(
  id: number,
  label: string,
  dates: StatusOption['dates'] = [],
  overrides: Partial<StatusOption> = {},
): StatusOption {
  return {
    id,
    label,
    color: '#455a64',
    font_color: 'light',
    category: 'active',
    color_css: `status-${id}`,
    dates,
    asks_lost_reason: false,
    ...overrides,
  } as StatusOption;
}
