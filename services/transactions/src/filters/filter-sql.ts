import { CLIENT_FILTER_DATE_FIELDS, resolveDatePreset, type DatePreset, type TransactionFilterKeys } from '@app/contracts';
import { containsPattern } from '@app/database';
import { isoOf } from './filter-keys';

/** What the SQL of a filter needs to know about the team. */
export interface FilterSqlContext {
  teamId: number;
  timezone: string;
  /** The team's fields (system and custom) by key: their type and, for a system field, its column. */
  fields: ReadonlyMap<string, { type: string; column: string | null }>;
  /** Evaluation time (tests fix it); presets resolve against it in the team's zone. */
  now?: Date;
}

type Range = { start: string | null; end: string | null };

/** A date range from explicit dates, else a preset, else the dashboard dates; null when nothing bounds it. */
function rangeOf(
  start: string | undefined,
  end: string | undefined,
  preset: DatePreset | undefined,
  keys: TransactionFilterKeys,
  context: FilterSqlContext,
): Range | null {
  if (start || end) return { start: start ? isoOf(start) : null, end: end ? isoOf(end) : null };
  if (preset) {
    const resolved = resolveDatePreset(preset, context.timezone, context.now);
    if (resolved) return { start: resolved.start, end: resolved.end };
  }
  if (keys.dashboard_start_date || keys.dashboard_end_date) {
    return {
      start: keys.dashboard_start_date ? isoOf(keys.dashboard_start_date) : null,
      end: keys.dashboard_end_date ? isoOf(keys.dashboard_end_date) : null,
    };
  }
  return null;
}

/**
 * The filter keys as SQL terms over the transactions table aliased `t` (ANDed by the caller), appending
 * their parameters to params. Keys are parsed (parseFilterKeys) and checked against the team
 * (FiltersService.checkTeam) before they get here; field keys name a field of context.fields.
 */
export function filterSql(keys: TransactionFilterKeys, context: FilterSqlContext, params: unknown[]): string[] {
  const terms: string[] = [];
  const param = (value: unknown, cast = '') => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  /** A field's value as SQL: its column, or its custom value cast to the type. */
  const valueOf = (key: string, cast: 'date' | 'numeric' | 'text'): string => {
    const field = context.fields.get(key);
    if (key === 'created_ts') return `(t.created_ts AT TIME ZONE ${param(context.timezone)})::date`;
    if (field?.column) return cast === 'text' && field.type !== 'text' ? `t.${field.column}::text` : `t.${field.column}`;
    const raw = `(t.custom_values ->> ${param(key)})`;
    // Custom values are validated on write; a stray value that does not cast is left out, not an error.
    if (cast === 'date') return `(CASE WHEN ${raw} ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN ${raw}::date END)`;
    if (cast === 'numeric') return `(CASE WHEN ${raw} ~ '^-?\\d+(\\.\\d+)?$' THEN ${raw}::numeric END)`;
    return raw;
  };
  const between = (expression: string, range: Range | null) => {
    if (!range) return `${expression} IS NOT NULL`;
    const bounds = [`${expression} IS NOT NULL`];
    if (range.start) bounds.push(`${expression} >= ${param(range.start, '::date')}`);
    if (range.end) bounds.push(`${expression} <= ${param(range.end, '::date')}`);
    return bounds.join(' AND ');
  };

  if (keys.context) {
    const id = Number(keys.context.replace(/^[a-z]+/, ''));
    if (keys.context.startsWith('ig')) {
      terms.push(
        `t.appt_set_by_agent_id IN (SELECT agent_id FROM transactions.agents WHERE team_id = ${param(context.teamId)} AND 'ISISA' = ANY(roles))`,
      );
    } else if (keys.context.startsWith('a')) terms.push(`t.primary_agent_id = ${param(id)}`);
    else if (keys.context.startsWith('i')) terms.push(`t.appt_set_by_agent_id = ${param(id)}`);
    // t{team}: the whole team, which the caller's scope already is.
  }
  if (keys.type_filter) terms.push(`t.type = ${param(keys.type_filter)}`);
  if (keys.client_stage_id) terms.push(`t.stage_id = ANY(${param(keys.client_stage_id, '::int[]')})`);
  if (keys.client_filter) {
    const column = `t.${CLIENT_FILTER_DATE_FIELDS[keys.client_filter]}`;
    terms.push(between(column, rangeOf(keys.status_start_date, keys.status_end_date, keys.status_date_preset, keys, context)));
  }
  if (keys.cohort_date_field) {
    const range = rangeOf(keys.cohort_start_date, keys.cohort_end_date, keys.date_preset, keys, context);
    terms.push(between(valueOf(keys.cohort_date_field, 'date'), range));
  }
  for (const [key, start, end] of [
    [keys.amount_filter_key, keys.range_start, keys.range_end],
    [keys.number_filter_key, keys.number_range_start, keys.number_range_end],
  ] as const) {
    if (!key || (start === undefined && end === undefined)) continue;
    const value = valueOf(key, 'numeric');
    if (start !== undefined) terms.push(`${value} >= ${param(start, '::numeric')}`);
    if (end !== undefined) terms.push(`${value} <= ${param(end, '::numeric')}`);
  }
  if (keys.select_filter_key && keys.select_filter_value !== undefined) {
    terms.push(`${valueOf(keys.select_filter_key, 'text')} = ${param(keys.select_filter_value)}`);
  }
  if (keys.string_filter_key && keys.string_filter_value !== undefined) {
    terms.push(`${valueOf(keys.string_filter_key, 'text')} ILIKE ${param(containsPattern(keys.string_filter_value))}`);
  }
  if (keys.yn_key && keys.yn_value !== undefined) {
    const value = valueOf(keys.yn_key, 'text');
    terms.push(keys.yn_value === '' ? `coalesce(${value}, '') = ''` : `${value} = ${param(keys.yn_value === 'yes' ? 'Y' : 'N')}`);
  }
  if (keys.tag_filters) {
    const groups = keys.tag_filters.map(
      (group) =>
        `(${group.map((entry) => `${entry.tag_filter_modifier === 'not' ? 'NOT ' : ''}t.tag_ids @> ARRAY[${param(entry.tag_filter_id, '::int')}]`).join(' AND ')})`,
    );
    terms.push(`(${groups.join(' OR ')})`);
  }
  if (keys.lead_type_filter) terms.push(`t.lead_type_id = ANY(${param(keys.lead_type_filter, '::int[]')})`);
  if (keys.lead_type_group_filter) {
    terms.push(
      `t.lead_type_id IN (SELECT lead_type_id FROM transactions.lead_types WHERE team_id = ${param(context.teamId)} AND group_name = ANY(${param(keys.lead_type_group_filter, '::text[]')}))`,
    );
  }
  if (keys.tc_filter) terms.push(`t.tc_agent_id = ANY(${param(keys.tc_filter, '::int[]')})`);
  if (keys.appt_set_by_filter) {
    terms.push(
      `t.appt_set_by_agent_id = ANY(${param(
        keys.appt_set_by_filter.map((value) => Number(value.replace(/^i/, ''))),
        '::int[]',
      )})`,
    );
  }
  if (keys.lost_reason_filters) terms.push(`t.lost_reason = ANY(${param(keys.lost_reason_filters, '::text[]')})`);
  if (keys.exclude_lost) terms.push(`t.status_category <> 'lost'`);
  if (keys.pending_date) {
    const day = param(isoOf(keys.pending_date), '::date');
    terms.push(
      `t.under_contract_dt <= ${day} AND (t.closed_dt IS NULL OR t.closed_dt > ${day}) AND (t.lost_dt IS NULL OR t.lost_dt > ${day})`,
    );
  }
  return terms;
}
