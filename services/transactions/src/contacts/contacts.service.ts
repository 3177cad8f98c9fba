import type { Readable } from 'node:stream';
import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  CONTACT_COLUMNS,
  CONTACT_DEFAULT_PAGE_SIZE,
  CONTACT_MAX_PAGE_SIZE,
  CONTACT_MESSAGES as M,
  CONTACT_TEAM_ROLES,
  type ContactDetail,
  type ContactFilterOptions,
  type ContactListResponse,
  type ContactRecord,
  type FieldError,
} from '@app/contracts';
import { paginationOf } from '@app/database';
import { csvStream, FieldErrorsException, type CsvCell } from '@app/platform';
import { TransactionAccessRepository } from '../transactions/transaction-access.repository';
import { scopeOf } from '../transactions/transaction-list.service';
import { ContactWriter } from './contact-writer';
import { CONTACT_ERRORS } from './contacts.errors';
import {
  contactOrderBy,
  ContactsRepository,
  type ContactColumn,
  type ContactFilter,
  type ContactRow,
  type ContactScope,
  type ContactValues,
} from './contacts.repository';
import type { ContactFilterDto, ContactListQueryDto } from './dto/contact-query.dto';
import type { ContactCreateDto, ContactUpdateDto } from './dto/contact-write.dto';

/** ADMIN, TRANC and ISISA work every contact of the team; an AGENT their own. */
export function seesWholeTeam(caller: AuthenticatedUser): boolean {
  return caller.roles.some((role) => CONTACT_TEAM_ROLES.includes(role));
}

export function contactScopeOf(caller: AuthenticatedUser): ContactScope {
  return seesWholeTeam(caller) ? { teamId: caller.team_id } : { teamId: caller.team_id, agentId: caller.agent_id };
}

/** The list's columns for this caller (no Agent column for an AGENT). */
export function contactColumnsOf(caller: AuthenticatedUser) {
  const team = seesWholeTeam(caller);
  return CONTACT_COLUMNS.filter((col) => team || !col.teamOnly);
}

/**
 * A contact as the list, the merge conflicts and the detail answer it (ContactRecord, spec 001 "Contact"): the one
 * mapping every contact answer starts from, so that the shapes cannot drift apart. The agent's name only for
 * ADMIN, TRANC and ISISA; a merged or other status reads as active.
 */
export function contactRecordOf(caller: AuthenticatedUser, row: Omit<ContactRecord, 'status'> & { status: string }): ContactRecord {
  return {
    contact_id: row.contact_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    mobile_phone: row.mobile_phone,
    address_1: row.address_1,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    lead_type_id: row.lead_type_id,
    agent_id: row.agent_id,
    agent_name: seesWholeTeam(caller) ? row.agent_name : null,
    client_transaction_count: row.client_transaction_count,
    status: row.status === 'inactive' ? 'inactive' : 'active',
  };
}

const WRITABLE: readonly ContactColumn[] = [
  'first_name',
  'last_name',
  'email',
  'mobile_phone',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'lead_type_id',
  'agent_id',
  'status',
];

/** The contact not found (or not the caller's): 404; a merged one also names its survivor. */
export function contactNotFound(mergedInto?: number | null): NotFoundException {
  return new NotFoundException({ status: 'error', message: M.notFound, ...(mergedInto ? { merged_into_contact_id: mergedInto } : {}) });
}

@Injectable()
export class ContactsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly contacts: ContactsRepository,
    private readonly writer: ContactWriter,
    private readonly access: TransactionAccessRepository,
  ) {}

  async list(caller: AuthenticatedUser, query: ContactListQueryDto): Promise<ContactListResponse> {
    const perPage = query.per_page ?? CONTACT_DEFAULT_PAGE_SIZE;
    if (perPage > CONTACT_MAX_PAGE_SIZE) throw new FieldErrorsException([{ field: 'per_page', error: CONTACT_ERRORS.perPage }]);
    const page = query.page ?? 1;
    const { total, records } = await this.contacts.page(this.filterOf(caller, query), this.orderOf(query), page, perPage);
    return { records: records.map((record) => contactRecordOf(caller, record)), pagination: paginationOf(total, page, perPage) };
  }

  /** The same call as CSV: the caller's columns, the same filters and order; any per_page (absent: every row). */
  csv(caller: AuthenticatedUser, query: ContactListQueryDto): Readable {
    const columns = contactColumnsOf(caller);
    const slice = query.per_page !== undefined ? { limit: query.per_page, offset: ((query.page ?? 1) - 1) * query.per_page } : undefined;
    const records = this.contacts.cursor(this.filterOf(caller, query), this.orderOf(query), slice);
    return csvStream(
      columns.map((col) => col.header),
      this.csvRecords(caller.team_id, records, columns),
    );
  }

  private async *csvRecords(
    teamId: number,
    records: AsyncIterable<ContactRecord>,
    columns: ReturnType<typeof contactColumnsOf>,
  ): AsyncGenerator<CsvCell[]> {
    const leadSources = new Map((await this.contacts.leadSourceOptions(teamId)).map((o) => [o.id, o.label]));
    for await (const record of records) {
      yield columns.map((col) => {
        if (col.field === 'lead_type_id') return record.lead_type_id === null ? '' : (leadSources.get(record.lead_type_id) ?? '');
        if (col.field === 'status') return record.status === 'active' ? 'Active' : 'Inactive';
        return record[col.field] as CsvCell;
      });
    }
  }

  /** The Agent and Lead Source filters' options of the caller's team; another team's id: 404. */
  async filterOptions(caller: AuthenticatedUser, teamId: number | undefined): Promise<ContactFilterOptions> {
    if (teamId !== undefined && teamId !== caller.team_id)
      throw new NotFoundException({ status: 'error', message: CONTACT_ERRORS.teamNotFound });
    const [agents, lead_sources] = await Promise.all([
      this.contacts.agentOptions(caller.team_id, seesWholeTeam(caller) ? undefined : caller.agent_id),
      this.contacts.leadSourceOptions(caller.team_id),
    ]);
    return { agents, lead_sources };
  }

  /** One contact the caller sees, with the transactions of it they see; merged: 404 naming the survivor. */
  async detail(caller: AuthenticatedUser, contactId: number): Promise<ContactDetail> {
    const [row] = await this.contacts.rows(contactScopeOf(caller), [contactId]);
    if (!row) throw contactNotFound();
    if (row.status === 'merged') throw contactNotFound(row.merged_into_contact_id);
    const transactions = await this.contacts.transactionsOf(contactId, scopeOf(caller));
    return this.detailOf(caller, row, transactions);
  }

  async create(caller: AuthenticatedUser, body: ContactCreateDto): Promise<{ contact_id: number }> {
    return this.dataSource.transaction(async (manager) => {
      const values = await this.checked(manager, caller, body);
      // An AGENT's contacts are their own; the others' default to themselves too, as a transaction's agent does.
      if (values.agent_id === undefined) values.agent_id = caller.agent_id;
      const contactId = await this.writer.create(manager, caller.team_id, values);
      return { contact_id: contactId };
    });
  }

  async update(caller: AuthenticatedUser, contactId: number, body: ContactUpdateDto): Promise<{ contact_id: number; version: number }> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await this.contacts.rows(contactScopeOf(caller), [contactId], manager, 'wait');
      if (!row) throw contactNotFound();
      if (row.status === 'merged') throw contactNotFound(row.merged_into_contact_id);
      const values = await this.checked(manager, caller, body, row.agent_id);
      // Only what differs is written: an unchanged form changes nothing and publishes nothing.
      for (const column of WRITABLE) {
        if (values[column] !== undefined && (values[column] ?? '') === ((row as unknown as Record<string, unknown>)[column] ?? ''))
          delete values[column];
      }
      if (Object.keys(values).length === 0) return { contact_id: contactId, version: row.version };
      const version = await this.writer.update(manager, contactId, values);
      return { contact_id: contactId, version };
    });
  }

  /** The sent values checked against the team (lead source, agent) and the caller's rights; a 400 names every bad field. */
  private async checked(
    manager: EntityManager,
    caller: AuthenticatedUser,
    body: ContactCreateDto | ContactUpdateDto,
    currentAgentId?: number | null,
  ): Promise<ContactValues> {
    const values: ContactValues = {};
    for (const column of WRITABLE) {
      const value = (body as Record<string, unknown>)[column];
      if (value !== undefined) values[column] = value as string | number | null;
    }
    if (values.agent_id !== undefined && !seesWholeTeam(caller)) {
      // An AGENT's contacts stay theirs: naming themselves (or leaving it as it is) is all they may do.
      const own = currentAgentId === undefined ? caller.agent_id : currentAgentId;
      if (values.agent_id !== own) throw new ForbiddenException({ status: 'error', message: M.cannotChangeAgent });
      delete values.agent_id;
    }
    const errors: FieldError[] = [];
    if (
      typeof values.lead_type_id === 'number' &&
      (await this.access.notOfTeam(caller.team_id, 'lead_type', [values.lead_type_id], manager)).length
    ) {
      errors.push({ field: 'lead_type_id', error: M.notYourTeams });
    }
    if (typeof values.agent_id === 'number' && (await this.access.notOfTeam(caller.team_id, 'agent', [values.agent_id], manager)).length) {
      errors.push({ field: 'agent_id', error: M.notYourTeams });
    }
    if (errors.length) throw new FieldErrorsException(errors);
    return values;
  }

  private detailOf(caller: AuthenticatedUser, row: ContactRow, transactions: ContactDetail['transactions']): ContactDetail {
    return {
      ...contactRecordOf(caller, row),
      lead_type: row.lead_type,
      custom_fields: row.custom_fields,
      version: row.version,
      created_ts: new Date(row.created_ts).toISOString(),
      transactions: transactions.map((t) => ({ ...t, created_ts: new Date(t.created_ts).toISOString() })),
    };
  }

  private filterOf(caller: AuthenticatedUser, query: ContactFilterDto): ContactFilter {
    return {
      scope: contactScopeOf(caller),
      status: query.status_filter ?? 'active',
      search: query.quick_search_filter,
      agentId: query.agent_id,
      leadTypeId: query.lead_type_id,
    };
  }

  private orderOf(query: ContactListQueryDto): string {
    return contactOrderBy(query.order_by ?? 'first_name', query.order_dir ?? 1);
  }
}
