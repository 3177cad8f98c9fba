import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import {
  DERIVED_STATUS_CSS,
  LIST_FORM_ALIAS,
  TRANSACTION_DEFAULT_PAGE_SIZE,
  TRANSACTION_SIDE_LABELS,
  type FieldValue,
  type TableResponse,
  type TransactionColumn,
  type TransactionFieldDefinition,
  type TransactionRow,
} from '@app/contracts';
import { isoToUsDate } from '@app/dates';
import { paginationOf } from '@app/database';
import { FieldErrorsException } from '@app/platform';
import { LEAD_TYPE_FIELDS } from '../fields/system-fields';
import { filterSql } from '../filters/filter-sql';
import { FiltersService } from '../filters/filters.service';
import { TeamOptionsRepository } from '../fields/team-options.repository';
import type { TransactionListQueryDto } from './dto/transaction-list-query.dto';
import { BASE_COLUMNS, orderByOf, VENDOR_BASE_FIELDS } from './transaction-list.columns';
import { TRANSACTION_ERRORS } from './transactions.errors';
import { TransactionsRepository, type TransactionListRecord, type TransactionScope } from './transactions.repository';

/** A VENDOR never sees amounts or lead fields, whatever the form says. */
const VENDOR_HIDDEN_TYPES = new Set(['amount']);
const VENDOR_HIDDEN_KEYS = new Set([
  'trans_amt',
  'gci_pct',
  'gross_commission_amt',
  'lead_type_id',
  'original_lead_type_id',
  'lead_type_date',
  'appt_set_by_agent_id',
  'lost_reason',
]);

/** Which transactions a caller sees: the whole team, those they are primary agent of, or those linked to them. */
export function scopeOf(caller: AuthenticatedUser): TransactionScope {
  if (caller.roles.some((role) => role === 'ADMIN' || role === 'TRANC' || role === 'ISISA'))
    return { kind: 'team', teamId: caller.team_id };
  if (caller.roles.includes('AGENT')) return { kind: 'primary-agent', teamId: caller.team_id, agentId: caller.agent_id };
  return { kind: 'vendor', teamId: caller.team_id, agentId: caller.agent_id };
}

const DEFAULT_ORDER_BY = 'created_ts';

/** 'YYYY-MM-DD' -> 'MM/DD/YYYY' (the spec's display format); other text as it is. */
const displayDate = (value: string) => isoToUsDate(value, '/');

@Injectable()
export class TransactionListService {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly options: TeamOptionsRepository,
    private readonly filters: FiltersService,
  ) {}

  async list(caller: AuthenticatedUser, query: TransactionListQueryDto): Promise<TableResponse<TransactionRow>> {
    const scope = scopeOf(caller);
    const vendor = scope.kind === 'vendor';
    const form = await this.options.formWithFields(caller.team_id, query.team_form_id ?? LIST_FORM_ALIAS);
    if (!form) throw new NotFoundException({ status: 'error', message: TRANSACTION_ERRORS.formNotFound });
    const fields = this.visibleFields(caller, form.fields);
    const cols: TransactionColumn[] = [
      ...BASE_COLUMNS.filter((col) => !vendor || VENDOR_BASE_FIELDS.has(col.field)),
      ...fields.map((f): TransactionColumn => ({ field: f.field_key, header: f.label, sortable: true, kind: 'value', type: f.type })),
    ];
    const column = query.order_by ?? DEFAULT_ORDER_BY;
    // Any column the caller has, and the default order (a VENDOR has no Created column but the same order).
    const sortable = column === DEFAULT_ORDER_BY || cols.some((col) => col.field === column);
    const orderBy = sortable ? orderByOf(column, query.order_dir ?? 1, fields) : null;
    if (!orderBy) throw new FieldErrorsException([{ field: 'order_by', error: TRANSACTION_ERRORS.orderBy }]);

    const page = query.page ?? 1;
    const perPage = query.per_page ?? TRANSACTION_DEFAULT_PAGE_SIZE;
    // The filter keys (or a saved filter_id) narrow the caller's own scope; checked against the team first.
    const filter = await this.filters.forRequest(caller, query as unknown as Record<string, unknown>);
    const { total, records } = await this.transactions.page({
      scope,
      orderBy,
      page,
      perPage,
      search: query.quick_search_filter,
      filter: filter ? (params) => filterSql(filter.keys, filter.context, params) : undefined,
    });
    return {
      table: { data: records.map((record) => this.rowOf(record, fields)), cols },
      pagination: paginationOf(total, page, perPage),
    };
  }

  /** A form's fields as the caller may see them (a VENDOR: vendor-visible ones, never amounts or lead fields). */
  visibleFields(caller: AuthenticatedUser, fields: readonly TransactionFieldDefinition[]): TransactionFieldDefinition[] {
    if (scopeOf(caller).kind !== 'vendor') return [...fields];
    return fields.filter((f) => f.vendor_visible && !VENDOR_HIDDEN_TYPES.has(f.type) && !VENDOR_HIDDEN_KEYS.has(f.field_key));
  }

  /** The spec's Transaction row of a record, with the given fields' values. */
  rowOf(record: TransactionListRecord, fields: readonly TransactionFieldDefinition[]): TransactionRow {
    const values: Record<string, FieldValue> = {};
    for (const field of fields) values[field.field_key] = { label: field.label, value: this.valueOf(record, field) };
    return {
      client_id: record.client_id,
      id: record.client_id,
      address: record.formatted_address,
      contact_name: record.contact_name,
      type: TRANSACTION_SIDE_LABELS[record.type],
      status: record.status_label ?? '',
      color_css: `status-${record.status_id}`,
      tags: record.tags,
      field_order: fields.map((f) => f.field_key),
      values,
      stage: { id: record.stage_id },
      primary_agent_id: record.primary_agent_id,
      primary_agent: record.primary_agent_name,
      completed_task_count: record.completed_task_count,
      total_task_count: record.total_task_count,
      derived_status: { value: record.derived_status, color_css: DERIVED_STATUS_CSS[record.derived_status] },
      rtc_count: record.rtc_count,
      created_ts: new Date(record.created_ts).toISOString(),
    };
  }

  private valueOf(record: TransactionListRecord, field: TransactionFieldDefinition): string | number | null {
    if (field.system) {
      if (LEAD_TYPE_FIELDS.has(field.field_key))
        return field.field_key === 'lead_type_id' ? record.lead_type_label : record.original_lead_type_label;
      if (field.field_key === 'appt_set_by_agent_id') return record.appt_set_by_name;
      const value = record.columns[field.field_key] ?? null;
      return field.type === 'date' && typeof value === 'string' ? displayDate(value) : value;
    }
    if (field.client_type && field.client_type !== record.type) return null;
    const value = record.custom_values[field.field_key] ?? null;
    return field.type === 'date' && typeof value === 'string' ? displayDate(value) : value;
  }
}
