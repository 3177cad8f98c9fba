import {
  arr,
  bool,
  dateTime,
  dict,
  int,
  named,
  nullable,
  num,
  obj,
  oneOf,
  recordsOf,
  str,
  SUCCESS_SCHEMA,
  tableOf,
  UPLOAD_URL_SCHEMA,
  type Schema,
} from '@app/platform';

/**
 * The answers of the transactions service in its OpenAPI document, after the wire types of
 * libs/contracts (transactions, tasks, contacts, commission, filters, dashboards, boards, documents).
 */
const side = str({ enum: ['b', 's'] });
const nullableInt = nullable(int());
const nullableStr = nullable(str());
const scalar = { ...oneOf(str(), num()), nullable: true };
const date = (description = 'MM/DD/YYYY') => nullable(str({ description }));

/** TransactionFilterKeys: the filter keys of GET /transactions/records. */
export const FILTER_KEYS_SCHEMA = named('TransactionFilterKeys', {
  type: 'object',
  description: 'The filter keys of GET /transactions/records (context, type_filter, client_stage_id, client_filter, dates, ranges, tag_filters, ...)',
  additionalProperties: true,
});

const fieldValue = obj({ label: str(), value: scalar });
const tagLabel = obj({ label: str(), border: str() });

export const TRANSACTION_ROW_SCHEMA = named(
  'TransactionRow',
  obj({
    client_id: int(),
    id: int(),
    address: str(),
    contact_name: str(),
    type: str({ enum: ['Buyer', 'Seller'] }),
    status: str(),
    color_css: str(),
    tags: arr(tagLabel),
    field_order: arr(str()),
    values: dict(fieldValue, 'By field key'),
    stage: obj({ id: nullableInt }),
    primary_agent_id: nullableInt,
    primary_agent: str(),
    completed_task_count: int(),
    total_task_count: int(),
    derived_status: obj({ value: str({ enum: ['Lost', 'Closed', 'Past Close Date', 'Tasks Overdue', 'On Track'] }), color_css: str() }),
  }),
);

export const FIELD_DEFINITION_SCHEMA = named(
  'TransactionFieldDefinition',
  obj({
    field_key: str(),
    label: str(),
    type: str({ enum: ['text', 'number', 'amount', 'percent', 'date', 'select', 'yn', 'phone', 'email', 'link'] }),
    options: arr(str()),
    client_type: nullable(side),
    required: bool(),
    vendor_visible: bool(),
    can_update: bool(),
    system: bool(),
  }),
);

export const TRANSACTION_DETAIL_SCHEMA = named('TransactionDetail', {
  allOf: [
    TRANSACTION_ROW_SCHEMA,
    obj({
      side,
      team_form_id: int(),
      status_id: int(),
      status_category: str({ enum: ['pipeline', 'active', 'closed', 'lost'] }),
      tc_agent_id: nullableInt,
      tc_agent: str(),
      tag_ids: arr(int()),
      address_1: str(),
      address_2: str(),
      city: str(),
      state: str(),
      postal_code: str(),
      first_name: str(),
      last_name: str(),
      email: nullableStr,
      mobile_phone: nullableStr,
      dates: dict(nullableStr, 'The status dates (MM/DD/YYYY or null) and lost_reason'),
      fields: arr(FIELD_DEFINITION_SCHEMA),
      contacts: arr(obj({ contact_id: int(), first_name: str(), last_name: str(), email: nullableStr, mobile_phone: nullableStr, is_primary: bool() })),
      linked_users: arr(obj({ agent_id: int(), name: str(), role: str({ enum: ['CLIENT', 'VENDOR'] }) })),
      version: int(),
      can_edit: str({ enum: ['all', 'except_agent', 'none'] }),
    }),
  ],
});

export const TRANSACTION_LIST_SCHEMA = tableOf(TRANSACTION_ROW_SCHEMA);
export const TRANSACTION_HISTORY_SCHEMA = recordsOf(
  obj({
    history_id: int(),
    field: str(),
    label: str(),
    old_value: nullableStr,
    new_value: nullableStr,
    source: str(),
    agent_id: nullableInt,
    agent_name: nullableStr,
    created_ts: dateTime(),
  }),
);
export const CLIENT_ID_SCHEMA = obj({ client_id: int() });
export const TRANSACTION_CHANGED_SCHEMA = obj({ client_id: int(), version: int(), changed: arr(str(), { description: 'The fields that changed' }) });
export const SELECT_OPTIONS_SCHEMA = obj({ select_options: arr(obj({ id: int(), text: str() })) });
export const CHOICES_SCHEMA = obj({ choices: arr(obj({ value: oneOf(str(), int()), label: str() })) });

// ---- team options (GET /transaction/stages, ...) ----
const stage = obj({ id: int(), label: str(), color: str(), font_color: str({ enum: ['dark', 'light'] }) });
export const STAGES_SCHEMA = obj({ records: arr(stage) });
export const STATUSES_SCHEMA = obj({
  records: arr(
    obj({
      id: int(),
      label: str(),
      color: str(),
      font_color: str({ enum: ['dark', 'light'] }),
      category: str({ enum: ['pipeline', 'active', 'closed', 'lost'] }),
      color_css: str(),
      dates: arr(str()),
      asks_lost_reason: bool(),
    }),
  ),
});
export const TAGS_SCHEMA = obj({ records: arr(obj({ id: int(), label: str(), border: str() })) });
export const LEAD_TYPES_SCHEMA = obj({ records: arr(obj({ id: int(), label: str(), group: str() })) });
export const FIELDS_SCHEMA = obj({ records: arr(FIELD_DEFINITION_SCHEMA) });
export const TCS_SCHEMA = obj({ records: arr(obj({ agent_id: int(), first_name: str(), last_name: str(), name: str() })) });
export const FORMS_SCHEMA = obj({ records: arr(obj({ team_form_id: int(), name: str(), client_type_id: side, edit_only: bool() })) });

// ---- tasks ----
const label = obj({ id: int(), label: str(), color: str(), font_color: str() });
export const TASK_SCHEMA = named(
  'Task',
  obj({
    id: int(),
    task_id: int(),
    client_id: int(),
    name: str(),
    description: str(),
    status_id: int({ enum: [1, 2, 3, 4] }),
    done: bool(),
    task_type: nullable(str({ enum: ['N'] })),
    due_dt: date(),
    due: obj({
      date: nullableStr,
      original_due_date: nullableStr,
      label: str(),
      trigger: nullableStr,
      style: str({ enum: ['success', 'muted', 'danger', 'warning', 'info'] }),
      is_adjusted: bool(),
      pace_class: str({ enum: ['done', 'none', 'behind', 'due-today', 'due-soon', 'on-pace'] }),
    }),
    due_source: str({ enum: ['roadmap', 'manual'] }),
    on_roadmap: bool(),
    rtc_id: nullableInt,
    step: nullableInt,
    assigned_to_agent_id: nullableInt,
    assigned_to_agent: nullable(obj({ id: int(), first_name: str(), last_name: str(), profile_path: nullableStr })),
    doc_type_id: nullableInt,
    doc_id: nullableInt,
    pinned_on_boards: bool(),
    completed_ts: nullable(dateTime()),
    version: int(),
    'transaction?': obj({
      id: int(),
      type: str({ enum: ['seller', 'buyer'] }),
      first_name: str(),
      last_name: str(),
      address_1: str(),
      address_2: str(),
      agent_id: nullableInt,
      tc_agent_id: nullableInt,
      stage: nullable(label),
      status: label,
      tags: arr(obj({ id: int(), label: str(), border: str() })),
    }),
  }),
);
export const TASK_STATUSES_SCHEMA = obj({ records: arr(obj({ id: int(), label: str(), done: bool() })) });
export const TASK_LIST_SCHEMA = recordsOf(TASK_SCHEMA);

// ---- reassignment, commission ----
export const REASSIGN_COUNT_SCHEMA = obj({ total_trans_count: int(), active_trans_count: int() });
export const REASSIGN_SCHEMA = obj({ reassigned_count: int() });
export const COMMISSION_TEMPLATE_SCHEMA = named(
  'CommissionTemplate',
  obj({ commission_template_id: int(), name: str(), client_type_id: side, cap_kind: nullable(str({ enum: ['B', 'R'] })), pct: num(), flat_amt: num() }),
);
export const COMMISSION_TEMPLATES_SCHEMA = obj({ buyer: arr(COMMISSION_TEMPLATE_SCHEMA), seller: arr(COMMISSION_TEMPLATE_SCHEMA), show_default_templates: bool() });
export const CAPS_SCHEMA = obj({
  records: arr(
    obj({
      kind: str({ enum: ['B', 'R'] }),
      label: str({ enum: ['Brokerage Cap', 'Royalty Cap'] }),
      name: str({ enum: ['brokerage', 'royalty'] }),
      cap: num(),
      ytd: num(),
      pct: num(),
      pending: num(),
    }),
  ),
  brokerage_cap_anniversary_dt: date('MM-DD-YYYY'),
  royalty_cap_anniversary_dt: date('MM-DD-YYYY'),
});

// ---- roadmaps ----
const roadmapStep = obj({
  step: int(),
  name: str(),
  description: str(),
  task_type: nullable(str({ enum: ['N'] })),
  trigger: str({ enum: ['assigned', 'signed_dt', 'under_contract_dt', 'est_close_dt', 'closed_dt'] }),
  offset_days: int(),
  assignee: oneOf(str({ enum: ['primary_agent', 'tc'] }), int()),
  doc_type_id: nullableInt,
});
export const ROADMAP_SCHEMA = named('RoadmapTemplate', obj({ rtc_id: int(), name: str(), client_type: nullable(side), 'steps?': arr(roadmapStep) }));
export const ROADMAPS_SCHEMA = obj({ records: arr(ROADMAP_SCHEMA) });
export const ROADMAP_ASSIGNED_SCHEMA = obj({ assigned: int(), skipped: int() });
export const ROADMAP_REMOVED_SCHEMA = obj({ removed: int(), skipped: int() });

// ---- contacts ----
const contactFields = {
  contact_id: int(),
  first_name: str(),
  last_name: str(),
  email: nullableStr,
  mobile_phone: nullableStr,
  address_1: str(),
  address_2: str(),
  city: str(),
  state: str(),
  postal_code: str(),
  lead_type_id: nullableInt,
  agent_id: nullableInt,
  agent_name: nullableStr,
  client_transaction_count: int(),
  status: str({ enum: ['active', 'inactive'] }),
};
export const CONTACT_SCHEMA = named('ContactRecord', obj(contactFields));
export const CONTACT_LIST_SCHEMA = recordsOf(CONTACT_SCHEMA);
export const CONTACT_DETAIL_SCHEMA = named(
  'ContactDetail',
  obj({
    ...contactFields,
    lead_type: nullableStr,
    custom_fields: dict(scalar),
    version: int(),
    created_ts: dateTime(),
    transactions: arr(obj({ client_id: int(), address: str(), type: str(), status: str(), is_primary: bool(), created_ts: dateTime() })),
  }),
);
const idLabel = obj({ id: int(), label: str() });
export const CONTACT_FILTER_OPTIONS_SCHEMA = obj({ agents: arr(idLabel), lead_sources: arr(idLabel) });
const mergeField = obj({ label: str(), field: str(), values: arr(obj({ contact_id: int(), value: str() })) });
export const CONTACT_CONFLICTS_SCHEMA = obj({ contacts: arr(CONTACT_SCHEMA), fields: arr(mergeField), dynamic_fields: arr(mergeField) });
export const CONTACT_ID_SCHEMA = obj({ contact_id: int() });
export const CONTACT_VERSION_SCHEMA = obj({ contact_id: int(), version: int() });

// ---- filters ----
const option = obj({ value: oneOf(str(), int()), label: str() });
const scopeGroups = arr(obj({ label: str(), items: arr(obj({ value: str(), label: str() })) }));
export const SCOPES_SCHEMA = obj({ groups: scopeGroups });
export const SAVED_FILTERS_SCHEMA = obj({
  records: arr(
    obj({
      filter_id: int(),
      filter_name: str(),
      component: str(),
      filters: FILTER_KEYS_SCHEMA,
      owner_type: str({ enum: ['team', 'personal'] }),
      team_form_id: nullableInt,
    }),
  ),
});
export const FILTER_ID_SCHEMA = obj({ filter_id: int() });
const options = arr(option);
export const FILTER_FORM_SCHEMA = obj({
  fields: arr(str()),
  left_count: int(),
  options: obj(
    Object.fromEntries(
      [
        'scopes',
        'stages',
        'client_filters',
        'date_presets',
        'cohort_date_fields',
        'amount_fields',
        'number_fields',
        'select_fields',
        'string_fields',
        'yn_fields',
        'yn_values',
        'tags',
        'tag_modifiers',
        'lead_types',
        'lead_type_groups',
        'tcs',
        'isas',
        'lanes',
        'lost_reasons',
      ].map((key): [string, Schema] => [key, key === 'scopes' ? scopeGroups : options]),
    ) as Record<string, Schema>,
  ),
});

// ---- dashboards ----
const goalFigures = { goal: nullable(num()), goal_percent: nullable(num()), pacer_value: nullable(num()), pacer_percent: nullable(num()) };
const linkParams = nullable(FILTER_KEYS_SCHEMA);
const circle = obj({ label: str(), ratio: nullable(num()), value: nullable(num()), link_params: linkParams, pace: nullable(str({ enum: ['achieved', 'on_pace', 'not_on_pace'] })), ...goalFigures });
const statCard = obj({ id: str(), value: nullable(num()), label: str(), link_params: linkParams, ...goalFigures });
const activity = obj({ id: int(), ts: dateTime(), agent_name: str(), profile_image_path: nullableStr, text: str() });
export const DASHBOARDS_SCHEMA = oneOf(
  obj({ dashboards: arr(obj({ id: int(), name: str() })) }, { description: 'Without id: the dashboards' }),
  obj(
    {
      id: int({ enum: [7, 9, 2, 3] }),
      title: str(),
      data: oneOf(
        obj({ contacts_circle_charts: obj({ top: arr(circle), bottom: arr(circle) }), cohort_stat_cards: arr(statCard), side_components: obj({ buyer: circle, seller: circle }) }),
        obj({ title: str(), row2: arr(statCard), row3: arr(statCard) }),
        obj({ activities: arr(activity) }),
      ),
    },
    { description: 'With id: that dashboard' },
  ),
);
export const LEADERBOARD_SCHEMA = obj({
  title: str(),
  leaderboard_data: arr(
    obj({ place: int(), color: str(), agent_id: int(), agent_name: str(), profile_image_path: nullableStr, group_name: str(), item_count: num(), percentage: num() }),
  ),
  graph: arr(obj({ label: str(), value: num() })),
  excludes: arr(obj({ agent_id: int(), agent_name: str() })),
  total: num(),
  count_volume_title: str({ enum: ['Volume', 'Count'] }),
});
const displayConfig = {
  slides: arr(obj({ id: int({ enum: [7, 9, 2, 3, 4] }), report: nullableStr, ytd: bool() })),
  default_dashboard_id: int({ enum: [7, 9] }),
};
export const DISPLAY_CONFIG_SCHEMA = obj(displayConfig);
export const DISPLAY_CONFIG_SAVED_SCHEMA = obj({ ...displayConfig, message: str() });
const goals = {
  year: int(),
  metrics: arr(obj({ metric: str(), label: str(), amount: bool() })),
  rows: arr(obj({ agent_id: nullableInt, name: str(), goals: dict(nullable(num()), 'By metric; null: none') })),
};
export const GOALS_SCHEMA = obj(goals);
export const GOALS_SAVED_SCHEMA = obj({ ...goals, message: str() });
export const ACTIVITY_PAGE_SCHEMA = recordsOf(activity);

// ---- boards ----
export const BOARD_COLUMNS_SCHEMA = obj({
  board: str({ enum: ['tasks', 'stages', 'status'] }),
  columns: arr(obj({ id: int(), label: str(), color: str(), font_color: str(), total: int() })),
});
const transactionCard = obj({
  id: int(),
  client_id: int(),
  status: str(),
  status_id: int(),
  color_css: str(),
  stage: nullable(label),
  type: str({ enum: ['Buyer', 'Seller'] }),
  address: str(),
  contact_name: str(),
  field_order: arr(str()),
  values: dict(obj({ label: str(), value: scalar, type: str() })),
  tags: arr(tagLabel),
  completed_task_count: int(),
  total_task_count: int(),
  primary_agent_id: nullableInt,
  primary_agent: str(),
  primary_agent_profile_pic_path: nullableStr,
  hidden_on_boards: bool(),
  pinned_on_boards: bool(),
  can_act: bool(),
});
const taskCard = { allOf: [TASK_SCHEMA, obj({ transaction_color_css: str(), can_act: bool() })] };
export const BOARD_CARD_SCHEMA = named('BoardCard', oneOf(taskCard, transactionCard));
export const BOARD_CARDS_SCHEMA = recordsOf(BOARD_CARD_SCHEMA);

// ---- documents ----
export const TRANSACTION_DOCUMENT_SCHEMA = named(
  'TransactionDocument',
  obj({
    id: int(),
    client_id: int(),
    filename: str(),
    content_type: str(),
    folder_id: int(),
    folder_name: str(),
    type: nullable(obj({ id: int(), name: str() })),
    size: int(),
    task_id: nullableInt,
    uploaded_by: nullableInt,
    uploaded_by_name: nullableStr,
    uploaded_ts: dateTime(),
  }),
);
export const DOCUMENT_FOLDERS_SCHEMA = obj({
  records: arr(obj({ client_document_folder_id: int(), folder_name: str(), transaction_type: nullable(side), client_visible: bool(), vendor_visible: bool() })),
});
export const DOCUMENT_TYPES_SCHEMA = obj({
  records: arr(obj({ team_document_type_id: int(), name: str(), team_document_category_id: nullableInt, category_name: nullableStr })),
});
export const DOCUMENT_WITH_URL_SCHEMA = { allOf: [TRANSACTION_DOCUMENT_SCHEMA, obj({ url: str({ description: 'Signed, valid for expires_in seconds' }), expires_in: int() })] };
export const DOCUMENTS_BY_FOLDER_SCHEMA = obj({ records: arr(obj({ folder_id: int(), folder_name: str(), slug: str(), documents: arr(TRANSACTION_DOCUMENT_SCHEMA) })) });
export const ID_SCHEMA = obj({ id: int() });
export const TASK_ID_SCHEMA = obj({ task_id: int() });
export const UPDATED_SCHEMA = obj({ updated: int() });
export { SUCCESS_SCHEMA, UPLOAD_URL_SCHEMA };
