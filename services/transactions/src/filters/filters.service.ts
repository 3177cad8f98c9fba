import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import {
  CLIENT_FILTER_LABELS,
  DATE_PRESET_CHOICES,
  DEFAULT_TEAM_TIMEZONE,
  FILTER_FORM_LEFT_COUNT,
  FILTER_MESSAGES,
  filterFormFieldsOf,
  type ClientFilterKey,
  type FieldError,
  type FilterComponent,
  type FilterFormResponse,
  type FilterOption,
  type SavedFilter,
  type ScopeMenu,
  type TransactionFilterKeys,
} from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { SYSTEM_FIELDS_BY_KEY } from '../fields/system-fields';
import { TeamOptionsRepository } from '../fields/team-options.repository';
import type { CreateFilterDto, UpdateFilterDto } from './dto/filters.dto';
import { FILTER_KEY_ERRORS, parseFilterKeys } from './filter-keys';
import type { FilterSqlContext } from './filter-sql';
import { FiltersRepository, type SavedFilterRecord, type ScopeAgent, type TeamFilterCatalog } from './filters.repository';

export const FILTERS_NOT_FOUND = 'Filter not found';
const CONTEXT_NOT_FOUND = 'Scope not found';
const NOT_OF_TEAM = 'Not one of your team';
const WRONG_FIELD = 'Not a field of this kind';

/** Which field types each key picks from. */
const FIELD_KINDS = {
  amount_filter_key: ['amount'],
  number_filter_key: ['number', 'percent'],
  select_filter_key: ['select'],
  string_filter_key: ['text', 'email', 'phone', 'link'],
  yn_key: ['yn'],
  cohort_date_field: ['date'],
} as const;

const EMPTY_CATALOG: TeamFilterCatalog = {
  stage_ids: [],
  tag_ids: [],
  lead_type_ids: [],
  lead_type_groups: [],
  agent_ids: [],
  isa_ids: [],
  tc_ids: [],
};

const isAdmin = (caller: AuthenticatedUser) => caller.roles.includes('ADMIN');
const isVendor = (caller: AuthenticatedUser) =>
  caller.roles.includes('VENDOR') &&
  !caller.roles.some((role) => role === 'ADMIN' || role === 'TRANC' || role === 'ISISA' || role === 'AGENT');

/** The filter keys a list request carries beside its own paging, sort and search parameters. */
export const LIST_PARAMETERS = new Set([
  'page',
  'per_page',
  'order_by',
  'order_dir',
  'quick_search_filter',
  'team_form_id',
  'filter_id',
  'format',
]);

@Injectable()
export class FiltersService {
  constructor(
    private readonly filters: FiltersRepository,
    private readonly options: TeamOptionsRepository,
  ) {}

  /**
   * The filter of a list request (its filter keys, or filter_id with keys given beside it winning), checked
   * against the caller's team, with what its SQL needs; null when the request filters nothing.
   */
  async forRequest(
    caller: AuthenticatedUser,
    query: Record<string, unknown>,
  ): Promise<{ keys: TransactionFilterKeys; context: FilterSqlContext } | null> {
    const raw: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) if (!LIST_PARAMETERS.has(key)) raw[key] = value;
    const { keys: given, errors } = parseFilterKeys(raw);
    if (errors.length > 0) throw new FieldErrorsException(errors);
    let keys = given;
    if (query.filter_id !== undefined && query.filter_id !== '') {
      // Digits only, as every query-string id (strict ids): Number() took '0xe', '14e0' and ' 14 ' as 14.
      const raw = query.filter_id;
      const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[0-9]{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
        throw new FieldErrorsException([{ field: 'filter_id', error: FILTER_KEY_ERRORS.id }]);
      const saved = await this.filters.visible(caller.team_id, caller.agent_id, id);
      if (!saved) throw new NotFoundException({ status: 'error', message: FILTERS_NOT_FOUND });
      keys = { ...saved.filters, ...given };
    }
    if (Object.keys(keys).length === 0) return null;
    const context = await this.contextOf(caller.team_id, keys);
    await this.checkTeam(caller, keys, context);
    return { keys, context };
  }

  /**
   * The team's timezone and fields, as the filter SQL reads them. Given the keys, only what they need is
   * read (a list request is a hot read): the timezone for a preset or the created date, the fields for a
   * field key.
   */
  async contextOf(teamId: number, keys?: TransactionFilterKeys): Promise<FilterSqlContext> {
    const needsTimezone = !keys || Boolean(keys.status_date_preset || keys.date_preset || keys.cohort_date_field === 'created_ts');
    const needsFields =
      !keys || (Object.keys(FIELD_KINDS) as (keyof typeof FIELD_KINDS)[]).some((key) => keys[key] && keys[key] !== 'created_ts');
    const [timezone, fields] = await Promise.all([
      needsTimezone ? this.options.timezoneOf(teamId) : DEFAULT_TEAM_TIMEZONE,
      needsFields ? this.options.fields(teamId) : [],
    ]);
    return {
      teamId,
      timezone,
      fields: new Map(
        fields.map((field) => [field.field_key, { type: field.type, column: SYSTEM_FIELDS_BY_KEY.get(field.field_key)?.column ?? null }]),
      ),
    };
  }

  /**
   * Ids and field keys of the caller's team: another team's scope (or an agent not of the team) is a 404,
   * an id or field key that is not the team's a 400 naming its key.
   */
  private async checkTeam(caller: AuthenticatedUser, keys: TransactionFilterKeys, context: FilterSqlContext): Promise<void> {
    // The team's ids are read only when the keys name some.
    const namesIds = Boolean(
      (keys.context && /^[ai]\d/.test(keys.context)) ||
      keys.client_stage_id ||
      keys.lead_type_filter ||
      keys.lead_type_group_filter ||
      keys.tc_filter ||
      keys.appt_set_by_filter ||
      keys.tag_filters,
    );
    const catalog = namesIds ? await this.filters.catalog(caller.team_id) : EMPTY_CATALOG;
    if (keys.context && !this.contextIsTeams(keys.context, caller.team_id, catalog))
      throw new NotFoundException({ status: 'error', message: CONTEXT_NOT_FOUND });
    const errors: FieldError[] = [];
    const within = (
      key: keyof TransactionFilterKeys,
      values: readonly (number | string)[] | undefined,
      allowed: readonly (number | string)[],
    ) => {
      if (values?.some((value) => !allowed.includes(value))) errors.push({ field: key, error: NOT_OF_TEAM });
    };
    within('client_stage_id', keys.client_stage_id, catalog.stage_ids);
    within('lead_type_filter', keys.lead_type_filter, catalog.lead_type_ids);
    within('lead_type_group_filter', keys.lead_type_group_filter, catalog.lead_type_groups);
    within('tc_filter', keys.tc_filter, catalog.agent_ids);
    within(
      'appt_set_by_filter',
      keys.appt_set_by_filter?.map((value) => Number(value.replace(/^i/, ''))),
      catalog.agent_ids,
    );
    within(
      'tag_filters',
      keys.tag_filters?.flat().map((entry) => entry.tag_filter_id),
      catalog.tag_ids,
    );
    for (const [key, kinds] of Object.entries(FIELD_KINDS) as [keyof typeof FIELD_KINDS, readonly string[]][]) {
      const fieldKey = keys[key];
      if (!fieldKey || (key === 'cohort_date_field' && fieldKey === 'created_ts')) continue;
      const field = context.fields.get(fieldKey);
      if (!field || !kinds.includes(field.type)) errors.push({ field: key, error: WRONG_FIELD });
    }
    if (errors.length > 0) throw new FieldErrorsException(errors);
    // The scope a caller may not widen: an agent restricted to their own dashboard names only themselves.
    if (caller.permissions.includes('agent_restricted_team_dashboard') && keys.context && keys.context !== `a${caller.agent_id}`) {
      throw new NotFoundException({ status: 'error', message: CONTEXT_NOT_FOUND });
    }
  }

  private contextIsTeams(context: string, teamId: number, catalog: TeamFilterCatalog): boolean {
    const id = Number(context.replace(/^[a-z]+/, ''));
    if (context.startsWith('ig') || context.startsWith('t')) return id === teamId;
    if (context.startsWith('i')) return catalog.isa_ids.includes(id);
    return catalog.agent_ids.includes(id);
  }

  /** GET /dashboard/scopes. */
  async scopes(caller: AuthenticatedUser, includeTeam: boolean): Promise<ScopeMenu> {
    this.refuseClientAndVendor(caller);
    return scopeMenuOf(caller, await this.filters.scopeAgents(caller.team_id), includeTeam);
  }

  /** GET /transaction/filters. */
  async list(caller: AuthenticatedUser, component: FilterComponent): Promise<{ records: SavedFilter[] }> {
    this.checkComponent(caller, component);
    return { records: (await this.filters.list(caller.team_id, caller.agent_id, component)).map(savedOf) };
  }

  /** POST /transaction/filters. */
  async create(caller: AuthenticatedUser, body: CreateFilterDto): Promise<{ filter_id: number }> {
    this.checkComponent(caller, body.component);
    const ownerType = body.owner_type ?? 'personal';
    if (ownerType === 'team' && !isAdmin(caller)) throw new ForbiddenException();
    const filters = await this.checkedKeys(caller, body.filters);
    const name = await this.checkedName(caller, body.component, body.name, 'name');
    const filterId = await this.filters.insert({
      team_id: caller.team_id,
      owner_type: ownerType,
      owner_agent_id: ownerType === 'team' ? null : caller.agent_id,
      component: body.component,
      filter_name: name,
      filters,
      created_by: caller.agent_id,
    });
    return { filter_id: filterId };
  }

  /** PATCH /transaction/filters: updateSelected saves the filters and the name; otherwise a rename. */
  async update(caller: AuthenticatedUser, body: UpdateFilterDto): Promise<{ filter_id: number }> {
    const filter = await this.ownFilter(caller, body.filter_id, body.component);
    const name = await this.checkedName(caller, filter.component, body.filter_name, 'filter_name', filter.filter_id);
    const filters = body.updateSelected ? await this.checkedKeys(caller, body.filters ?? {}) : null;
    await this.filters.update(filter.filter_id, name, filters);
    return { filter_id: filter.filter_id };
  }

  /** DELETE /transaction/filters. */
  async remove(caller: AuthenticatedUser, filterId: number, component: FilterComponent): Promise<{ status: 'success'; message: string }> {
    const filter = await this.ownFilter(caller, filterId, component);
    await this.filters.delete(filter.filter_id);
    return { status: 'success', message: FILTER_MESSAGES.removed };
  }

  /** GET /transaction/filter/form. */
  async form(caller: AuthenticatedUser, component: FilterComponent): Promise<FilterFormResponse> {
    this.checkComponent(caller, component);
    const teamId = caller.team_id;
    const restricted = isVendor(caller);
    const [agents, fields, stages, statuses, tags, leadTypes, tcs, catalog, lostReasons] = await Promise.all([
      this.filters.scopeAgents(teamId),
      this.options.fields(teamId),
      this.options.choices(teamId, 'stage'),
      this.options.choices(teamId, 'status'),
      this.options.choices(teamId, 'tag'),
      this.options.choices(teamId, 'lead_type'),
      this.options.choices(teamId, 'tc'),
      this.filters.catalog(teamId),
      this.options.choices(teamId, 'lost_reason'),
    ]);
    const scopes = restricted ? { groups: [] } : scopeMenuOf(caller, agents, component !== 'transactions');
    const ofKind = (kinds: readonly string[]): FilterOption<string>[] =>
      fields.filter((field) => kinds.includes(field.type)).map((field) => ({ value: field.field_key, label: field.label }));
    const numbers = (choices: { value: string | number; label: string }[] | null) =>
      (choices ?? []).map((choice) => ({ value: Number(choice.value), label: choice.label }));
    const lanesOf = component === 'status-board' ? statuses : stages;
    return {
      fields: filterFormFieldsOf(component),
      left_count: FILTER_FORM_LEFT_COUNT[component],
      options: {
        scopes: scopes.groups,
        stages: numbers(stages),
        client_filters: (Object.entries(CLIENT_FILTER_LABELS) as [ClientFilterKey, string][]).map(([value, label]) => ({ value, label })),
        date_presets: DATE_PRESET_CHOICES.map((choice) => ({ value: choice.id, label: choice.name })),
        cohort_date_fields: [{ value: 'created_ts', label: 'Created' }, ...ofKind(FIELD_KINDS.cohort_date_field)],
        amount_fields: ofKind(FIELD_KINDS.amount_filter_key),
        number_fields: ofKind(FIELD_KINDS.number_filter_key),
        select_fields: ofKind(FIELD_KINDS.select_filter_key),
        string_fields: ofKind(FIELD_KINDS.string_filter_key),
        yn_fields: ofKind(FIELD_KINDS.yn_key),
        yn_values: [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
          { value: '', label: 'Not set' },
        ],
        tags: numbers(tags),
        tag_modifiers: [
          { value: 'exists', label: 'Has tag' },
          { value: 'not', label: 'Does not have tag' },
        ],
        lead_types: numbers(leadTypes),
        lead_type_groups: catalog.lead_type_groups.map((group) => ({ value: group, label: group })),
        tcs: numbers(tcs),
        isas: agents.filter((agent) => agent.isa).map((agent) => ({ value: `i${agent.agent_id}`, label: agent.name })),
        lanes: (lanesOf ?? []).map((lane) => ({ value: String(lane.value), label: lane.label })),
        lost_reasons: (lostReasons ?? []).map((reason) => ({ value: String(reason.value), label: reason.label })),
      },
    };
  }

  /** Parsed, normalised and the team's; else a 400 with the keys' errors under filters.<key>. */
  private async checkedKeys(caller: AuthenticatedUser, raw: Record<string, unknown>): Promise<TransactionFilterKeys> {
    const { keys, errors } = parseFilterKeys(raw);
    if (errors.length > 0) throw new FieldErrorsException(errors.map((error) => ({ field: `filters.${error.field}`, error: error.error })));
    try {
      await this.checkTeam(caller, keys, await this.contextOf(caller.team_id, keys));
    } catch (error) {
      if (error instanceof FieldErrorsException) {
        const body = error.getResponse() as { errors: FieldError[] };
        throw new FieldErrorsException(body.errors.map((entry) => ({ field: `filters.${entry.field}`, error: entry.error })));
      }
      throw error;
    }
    return keys;
  }

  private async checkedName(
    caller: AuthenticatedUser,
    component: FilterComponent,
    raw: string | undefined,
    field: string,
    except?: number,
  ): Promise<string> {
    const name = (raw ?? '').trim();
    if (!name) throw new FieldErrorsException([{ field, error: FILTER_MESSAGES.nameRequired }]);
    if (name.length > 100) throw new FieldErrorsException([{ field, error: FILTER_MESSAGES.nameTooLong }]);
    if (await this.filters.nameTaken(caller.team_id, caller.agent_id, component, name, except))
      throw new FieldErrorsException([{ field, error: FILTER_MESSAGES.nameTaken }]);
    return name;
  }

  /** A filter the caller may change: their own, or a team filter for ADMIN (403 for others); else 404. */
  private async ownFilter(caller: AuthenticatedUser, filterId: number, component: FilterComponent): Promise<SavedFilterRecord> {
    this.checkComponent(caller, component);
    const filter = await this.filters.visible(caller.team_id, caller.agent_id, filterId);
    if (!filter || filter.component !== component) throw new NotFoundException({ status: 'error', message: FILTERS_NOT_FOUND });
    if (filter.owner_type === 'team' && !isAdmin(caller)) throw new ForbiddenException();
    return filter;
  }

  /** CLIENT 403 (the controller's roles); a VENDOR uses the transactions component only. */
  private checkComponent(caller: AuthenticatedUser, component: FilterComponent): void {
    if (isVendor(caller) && component !== 'transactions') throw new ForbiddenException();
  }

  private refuseClientAndVendor(caller: AuthenticatedUser): void {
    if (!caller.roles.some((role) => role === 'ADMIN' || role === 'TRANC' || role === 'ISISA' || role === 'AGENT'))
      throw new ForbiddenException();
  }
}

/**
 * The scope menu from the team's agents: Team (unless left out), ISAs, Active Agents, Disabled Agents; with
 * agent_restricted_team_dashboard only the caller's own scope.
 */
function scopeMenuOf(caller: AuthenticatedUser, agents: readonly ScopeAgent[], includeTeam: boolean): ScopeMenu {
  if (caller.permissions.includes('agent_restricted_team_dashboard')) {
    const self = agents.find((agent) => agent.agent_id === caller.agent_id);
    return {
      groups: [
        {
          label: self?.active === false ? 'Disabled Agents' : 'Active Agents',
          items: [{ value: `a${caller.agent_id}`, label: self?.name ?? '' }],
        },
      ],
    };
  }
  const groups: ScopeMenu['groups'] = [];
  if (includeTeam) groups.push({ label: 'Team', items: [{ value: `t${caller.team_id}`, label: 'Team' }] });
  groups.push({
    label: 'ISAs',
    items: [
      { value: `ig${caller.team_id}`, label: 'All ISAs' },
      ...agents.filter((agent) => agent.isa).map((agent) => ({ value: `i${agent.agent_id}`, label: agent.name })),
    ],
  });
  groups.push({
    label: 'Active Agents',
    items: agents.filter((agent) => agent.active).map((agent) => ({ value: `a${agent.agent_id}`, label: agent.name })),
  });
  groups.push({
    label: 'Disabled Agents',
    items: agents.filter((agent) => !agent.active).map((agent) => ({ value: `a${agent.agent_id}`, label: agent.name })),
  });
  return { groups };
}

const savedOf = ({ team_id: _team, owner_agent_id: _owner, ...filter }: SavedFilterRecord): SavedFilter => filter;
