import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  STATUS_DATE_FIELDS,
  TRANSACTION_SIDE_LABELS,
  type RecordsResponse,
  type StatusCategory,
  type TransactionDetail,
  type TransactionHistoryRecord,
} from '@app/contracts';
import { toSlashedUsDate } from '@app/dates';
import { paginationOf } from '@app/database';
import { SYSTEM_FIELDS_BY_KEY } from '../fields/system-fields';
import { PAGE_FORM, TeamOptionsRepository } from '../fields/team-options.repository';
import { TransactionAccessRepository } from './transaction-access.repository';
import { TransactionEditService } from './transaction-edit.service';
import { scopeOf, TransactionListService } from './transaction-list.service';
import { TRANSACTION_ERRORS } from './transactions.errors';
import { TransactionsRepository } from './transactions.repository';

/** Labels of history fields that are not form fields. */
const HISTORY_LABELS: Record<string, string> = {
  created: 'Created',
  type: 'Type',
  primary_agent_id: 'Agent',
  tc_agent_id: 'TC',
  stage_id: 'Stage',
  status_id: 'Status',
  tag_ids: 'Tags',
  client_user_ids: 'Clients',
  vendor_user_ids: 'Vendors',
  hidden_on_boards: 'Hidden on boards',
  pinned_on_boards: 'Pinned on boards',
};

/** GET /transaction/{client_id}, its history, and the transaction select. */
@Injectable()
export class TransactionDetailService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly transactions: TransactionsRepository,
    private readonly options: TeamOptionsRepository,
    private readonly access: TransactionAccessRepository,
    private readonly list: TransactionListService,
  ) {}

  async detail(caller: AuthenticatedUser, clientId: number, teamFormId?: number): Promise<TransactionDetail> {
    const scope = scopeOf(caller);
    const form = await this.options.formWithFields(caller.team_id, teamFormId ?? PAGE_FORM);
    if (!form) throw new NotFoundException({ status: 'error', message: TRANSACTION_ERRORS.formNotFound });
    const fields = this.list.visibleFields(caller, form.fields);
    const { records } = await this.transactions.page({ scope, orderBy: 't.client_id ASC', page: 1, perPage: 1, clientId });
    if (records.length === 0) throw new NotFoundException({ status: 'error', message: TRANSACTION_ERRORS.notFound });
    const row = this.list.rowOf(records[0], fields);
    const [extra]: {
      tc_agent_id: number | null;
      tc_agent: string | null;
      tag_ids: number[];
      status_category: StatusCategory;
      version: number;
      contacts: TransactionDetail['contacts'];
      linked_users: TransactionDetail['linked_users'];
    }[] = await this.dataSource.query(
      `SELECT t.tc_agent_id, btrim(tc.first_name || ' ' || tc.last_name) AS tc_agent, t.tag_ids, t.status_category, t.version,
              coalesce((SELECT jsonb_agg(jsonb_build_object('contact_id', c.contact_id, 'first_name', c.first_name, 'last_name', c.last_name,
                          'email', c.email, 'mobile_phone', c.mobile_phone, 'is_primary', l.is_primary) ORDER BY l.is_primary DESC, c.contact_id)
                          FROM transactions.transaction_contacts l JOIN transactions.contacts c ON c.contact_id = l.contact_id
                         WHERE l.client_id = t.client_id), '[]'::jsonb) AS contacts,
              coalesce((SELECT jsonb_agg(jsonb_build_object('agent_id', a.agent_id, 'name', btrim(a.first_name || ' ' || a.last_name),
                          'role', CASE WHEN 'CLIENT' = ANY(a.roles) THEN 'CLIENT' ELSE 'VENDOR' END) ORDER BY a.last_name, a.first_name)
                          FROM transactions.agents a WHERE a.agent_id = ANY(t.client_user_ids || t.vendor_user_ids)), '[]'::jsonb) AS linked_users
         FROM transactions.transactions t LEFT JOIN transactions.agents tc ON tc.agent_id = t.tc_agent_id
        WHERE t.client_id = $1`,
      [clientId],
    );
    const columns = records[0].columns;
    const vendor = scope.kind === 'vendor';
    const dates = Object.fromEntries(
      STATUS_DATE_FIELDS.map((key) => [key, toSlashedUsDate(columns[key] as string | null)]),
    ) as TransactionDetail['dates'];
    return {
      ...row,
      side: records[0].type,
      type: TRANSACTION_SIDE_LABELS[records[0].type],
      team_form_id: form.team_form_id,
      status_id: records[0].status_id,
      status_category: extra.status_category,
      tc_agent_id: extra.tc_agent_id,
      tc_agent: extra.tc_agent ?? '',
      tag_ids: extra.tag_ids,
      address_1: columns.address_1 as string,
      address_2: columns.address_2 as string,
      city: columns.city as string,
      state: columns.state as string,
      postal_code: columns.postal_code as string,
      first_name: columns.first_name as string,
      last_name: columns.last_name as string,
      email: columns.email as string | null,
      mobile_phone: columns.mobile_phone as string | null,
      dates: { ...dates, lost_reason: vendor ? null : ((columns.lost_reason as string | null) ?? null) },
      fields,
      contacts: vendor ? extra.contacts.map((c) => ({ ...c, email: null, mobile_phone: null })) : extra.contacts,
      linked_users: vendor ? [] : extra.linked_users,
      version: extra.version,
      can_edit: TransactionEditService.editRightOf(caller),
    };
  }

  async history(caller: AuthenticatedUser, clientId: number, page = 1, perPage = 10): Promise<RecordsResponse<TransactionHistoryRecord>> {
    if (!(await this.access.visible(scopeOf(caller), clientId)))
      throw new NotFoundException({ status: 'error', message: TRANSACTION_ERRORS.notFound });
    const rows: (Omit<TransactionHistoryRecord, 'label'> & { total: number })[] = await this.dataSource.query(
      `SELECT count(*) OVER ()::int AS total, h.history_id::int AS history_id, h.field, h.old_value, h.new_value, h.source, h.agent_id,
              btrim(a.first_name || ' ' || a.last_name) AS agent_name, h.created_ts
         FROM transactions.transaction_history h LEFT JOIN transactions.agents a ON a.agent_id = h.agent_id
        WHERE h.client_id = $1 ORDER BY h.history_id DESC LIMIT $2 OFFSET $3`,
      [clientId, perPage, (page - 1) * perPage],
    );
    const custom = new Map((await this.options.fields(caller.team_id)).map((f) => [f.field_key, f.label]));
    const labelOf = (field: string) => {
      const key = field.replace(/^values\./, '');
      return HISTORY_LABELS[key] ?? SYSTEM_FIELDS_BY_KEY.get(key)?.label ?? custom.get(key) ?? key;
    };
    const total =
      rows[0]?.total ??
      (page > 1
        ? Number(
            (
              await this.dataSource.query(`SELECT count(*)::int AS n FROM transactions.transaction_history WHERE client_id = $1`, [
                clientId,
              ])
            )[0].n,
          )
        : 0);
    return {
      records: rows.map(({ total: _total, ...row }) => ({
        ...row,
        label: labelOf(row.field),
        created_ts: new Date(row.created_ts).toISOString(),
      })),
      pagination: paginationOf(total, page, perPage),
    };
  }

  /** Up to 20 transactions the caller sees, matched like quick search: '{address} - {first} {last} (Buyer|Seller)'. */
  async selectOptions(caller: AuthenticatedUser, term?: string): Promise<{ select_options: { id: number; text: string }[] }> {
    const rows = await this.transactions.selectOptions(scopeOf(caller), term, 20);
    return {
      select_options: rows.map((r) => ({
        id: r.client_id,
        text: `${r.formatted_address} - ${`${r.first_name} ${r.last_name}`.trim()} (${TRANSACTION_SIDE_LABELS[r.type]})`,
      })),
    };
  }
}
