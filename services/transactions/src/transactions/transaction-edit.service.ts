import { ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  ESIGN_MAPPED_ENTITIES,
  FORM_FIELD_MESSAGES,
  PAGE_PRESET_EXTRA_KEYS,
  PRESET_CHANGE_KEYS,
  TRANSACTION_EDIT_MESSAGES as M,
  type EsignTransactionFieldsUpdateRequested,
  type FieldError,
  type TransactionCreateRequest,
  type TransactionFieldDefinition,
  type TransactionPreset,
  type TransactionStatusRequest,
  type TransactionUpdateRequest,
} from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { checkFieldValue } from '../fields/field-values';
import { SYSTEM_FIELDS_BY_KEY } from '../fields/system-fields';
import { TeamOptionsRepository } from '../fields/team-options.repository';
import { EsignFieldUpdatesRepository, type LeftOutChange } from './esign-field-updates.repository';
import { TransactionAccessRepository, type TeamIdKind } from './transaction-access.repository';
import { scopeOf } from './transaction-list.service';
import { TRANSACTION_ERRORS } from './transactions.errors';
import { TransactionWriter, type TransactionChanges, type UpdatableColumn } from './transaction-writer';

/** Change keys that name ids of the team: the column each sets and the kind of id. */
const ID_KEYS: Record<string, { column: UpdatableColumn; kind: TeamIdKind; list?: true; nullable: boolean }> = {
  client_stage_id: { column: 'stage_id', kind: 'stage', nullable: true },
  tc_agent_id: { column: 'tc_agent_id', kind: 'tc', nullable: true },
  tags: { column: 'tag_ids', kind: 'tag', list: true, nullable: false },
  agent_id: { column: 'primary_agent_id', kind: 'agent', nullable: false },
  client_user_ids: { column: 'client_user_ids', kind: 'client_user', list: true, nullable: false },
  vendor_user_ids: { column: 'vendor_user_ids', kind: 'vendor_user', list: true, nullable: false },
  lead_type_id: { column: 'lead_type_id', kind: 'lead_type', nullable: true },
  original_lead_type_id: { column: 'original_lead_type_id', kind: 'lead_type', nullable: true },
  appt_set_by_agent_id: { column: 'appt_set_by_agent_id', kind: 'agent', nullable: true },
};
/** Text columns of the address (the contact's name, email and phone go through their field rules). */
const ADDRESS_KEYS = new Set(['address_1', 'address_2', 'city', 'state', 'postal_code']);
const ADDRESS_MAX_LENGTH = 200;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;

/** Why an e-sign value was not written back (logged, and kept on its esign_field_updates row). */
const ESIGN_LEFT_OUT = {
  unknownField: 'Not a field of the transaction',
  cannotUpdate: 'This field cannot update the transaction',
  twice: 'The field was sent twice: the first value is kept',
  unknownOption: 'Not one of the options',
} as const;

/** What the write-back of one e-sign request did. */
export interface EsignWriteBackOutcome {
  outcome: 'applied' | 'already-applied' | 'no-transaction';
  changed: string[];
  left_out: LeftOutChange[];
  version: number | null;
}

/** Who may change what: ADMIN and TRANC everything; AGENT and ISISA what they see except the agent; VENDOR nothing. */
function editRightOf(caller: AuthenticatedUser): 'all' | 'except_agent' | 'none' {
  if (caller.roles.includes('ADMIN') || caller.roles.includes('TRANC')) return 'all';
  if (caller.roles.includes('AGENT') || caller.roles.includes('ISISA')) return 'except_agent';
  return 'none';
}

@Injectable()
export class TransactionEditService {
  private readonly logger = new Logger(TransactionEditService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly access: TransactionAccessRepository,
    private readonly options: TeamOptionsRepository,
    private readonly writer: TransactionWriter,
    private readonly esignUpdates: EsignFieldUpdatesRepository,
  ) {}

  static editRightOf = editRightOf;

  /** PATCH /transaction/{client_id}: the preset's fields only; checked whole, applied whole or not at all. */
  async update(
    caller: AuthenticatedUser,
    clientId: number,
    request: TransactionUpdateRequest,
  ): Promise<{ client_id: number; version: number; changed: string[] }> {
    if (request.client_id !== clientId) throw new FieldErrorsException([{ field: 'client_id', error: M.clientIdMismatch }]);
    return this.dataSource.transaction(async (manager) => {
      const transaction = await this.access.visible(scopeOf(caller), clientId, manager);
      if (!transaction) throw new NotFoundException({ status: 'error', message: TRANSACTION_ERRORS.notFound });
      const right = editRightOf(caller);
      if (right === 'none') throw new ForbiddenException({ status: 'error', message: M.readOnly });
      // Sent from a task's modal: the task must be this transaction's.
      if (request.task_id !== undefined && !(await this.access.isTaskOf(clientId, request.task_id, manager))) {
        throw new FieldErrorsException([{ field: 'task_id', error: M.notATask }]);
      }
      // The page preset takes any of the team's fields: the page may show the user's default form, not only the page form.
      const pageFields = request.preset === 'page' ? await this.options.fields(caller.team_id, manager) : [];
      const allowed = new Set(
        request.preset === 'page' ? [...PAGE_PRESET_EXTRA_KEYS, ...pageFields.map((f) => f.field_key)] : PRESET_CHANGE_KEYS[request.preset],
      );
      const refused = Object.keys(request.changes).filter((key) => !allowed.has(key));
      if (refused.length) throw new FieldErrorsException(refused.map((field) => ({ field: `changes.${field}`, error: M.notAllowedHere })));
      if ('agent_id' in request.changes && right !== 'all') throw new ForbiddenException({ status: 'error', message: M.cannotChangeAgent });
      const changes = await this.checkChanges(manager, caller.team_id, request.changes, pageFields, transaction.type, request.preset);
      const result = await this.writer.update(manager, clientId, changes, { agent_id: caller.agent_id, source: 'console' });
      return { client_id: clientId, ...result };
    });
  }

  /**
   * esign.transaction-fields.update-requested (ApplyEsignFieldChangesWhenUpdateRequested), in the event's database
   * transaction: the values a sender marked Update Transaction, applied once per e-sign request through the same
   * checks and writer as a page edit (version once, a history row per changed field with source esign,
   * transactions.transaction.updated). A field not in the team's catalogue, one whose can_update is false, or a value
   * its type refuses is left out and logged; the others are applied. Another team's or a missing transaction: nothing.
   */
  async applyEsignChanges(
    manager: EntityManager,
    teamId: number | null,
    request: EsignTransactionFieldsUpdateRequested,
  ): Promise<EsignWriteBackOutcome> {
    const requestId = request?.esig_request_id;
    const nothing = (outcome: EsignWriteBackOutcome['outcome']): EsignWriteBackOutcome => ({
      outcome,
      changed: [],
      left_out: [],
      version: null,
    });
    // A malformed event is esign's bug: retrying would not change it.
    if (!isId(requestId) || !isId(request.client_id)) {
      this.logger.warn(
        `e-sign write-back ignored: esig_request_id and client_id must be ids (got ${String(requestId)}, ${String(request?.client_id)})`,
      );
      return nothing('no-transaction');
    }
    const transaction = await this.esignUpdates.lockTransaction(manager, request.client_id);
    if (!transaction || teamId === null || transaction.team_id !== teamId) {
      this.logger.warn(
        `e-sign request ${requestId}: transaction ${request.client_id} is not team ${teamId}'s (or no longer exists), nothing written back`,
      );
      return nothing('no-transaction');
    }
    // A re-published event (a new id, the same request) finds the claim taken; a failure below rolls it back.
    if (!(await this.esignUpdates.claim(manager, requestId, transaction.client_id))) return nothing('already-applied');

    const catalogue = await this.options.fields(transaction.team_id, manager);
    const leftOut: LeftOutChange[] = [];
    const merged: Required<Pick<TransactionChanges, 'columns' | 'custom_values'>> = { columns: {}, custom_values: {} };
    const seen = new Set<string>();
    for (const change of Array.isArray(request.changes) ? request.changes : []) {
      const entity = typeof change?.mapped_entity === 'string' ? change.mapped_entity : '';
      const key = typeof change?.mapped_field === 'string' ? change.mapped_field : '';
      const leave = (reason: string) => leftOut.push({ mapped_entity: entity, mapped_field: key, reason });
      const field = catalogue.find(
        (candidate) =>
          candidate.field_key === key &&
          (entity === ESIGN_MAPPED_ENTITIES.transaction
            ? candidate.system
            : entity === ESIGN_MAPPED_ENTITIES.customField && !candidate.system),
      );
      if (!field) {
        leave(ESIGN_LEFT_OUT.unknownField);
        continue;
      }
      if (!field.can_update) {
        leave(ESIGN_LEFT_OUT.cannotUpdate);
        continue;
      }
      if (seen.has(key)) {
        leave(ESIGN_LEFT_OUT.twice);
        continue;
      }
      seen.add(key);
      const value = await this.fromEsignValue(manager, transaction.team_id, field, change.value);
      if (value instanceof Error) {
        leave(value.message);
        continue;
      }
      try {
        // One field at a time, so that a refused value leaves the others to apply.
        const checked = await this.checkChanges(manager, transaction.team_id, { [key]: value }, catalogue, transaction.type, 'page');
        Object.assign(merged.columns, checked.columns);
        Object.assign(merged.custom_values, checked.custom_values);
      } catch (error) {
        if (!(error instanceof FieldErrorsException)) throw error;
        const body = error.getResponse() as { errors: FieldError[] };
        leave(body.errors.map((e) => e.error).join('; '));
      }
    }
    for (const left of leftOut) {
      this.logger.warn(
        `e-sign request ${requestId}: ${left.mapped_entity} ${left.mapped_field} not written back to transaction ${transaction.client_id}: ${left.reason}`,
      );
    }
    const agentId = isId(request.agent_id) ? request.agent_id : null;
    const result = await this.writer.update(manager, transaction.client_id, merged, { agent_id: agentId, source: 'esign' });
    await this.esignUpdates.recordOutcome(manager, requestId, result.changed, leftOut);
    return { outcome: 'applied', changed: result.changed, left_out: leftOut, version: result.changed.length ? result.version : null };
  }

  /**
   * An e-sign value as a page edit sends it: dates 'YYYY-MM-DD' as MM/DD/YYYY, checkboxes as Y/N, and id selects
   * (lead types, the appointment setter) from the label or name the e-sign form showed, or an id. An Error when a
   * label matches no option or several.
   */
  private async fromEsignValue(
    manager: EntityManager,
    teamId: number,
    field: TransactionFieldDefinition,
    value: unknown,
  ): Promise<unknown> {
    if (field.type === 'date' && typeof value === 'string') {
      const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
      return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : value;
    }
    if (field.type === 'yn' && typeof value === 'boolean') return value ? 'Y' : 'N';
    const idKey = field.system ? ID_KEYS[field.field_key] : undefined;
    if (!idKey || typeof value !== 'string' || value.trim() === '') return value;
    if (/^\d{1,10}$/.test(value.trim())) return Number(value.trim());
    const ids =
      idKey.kind === 'lead_type'
        ? (await this.options.leadTypes(teamId, manager))
            .filter((option) => option.label.trim().toLowerCase() === value.trim().toLowerCase())
            .map((option) => option.id)
        : await this.esignUpdates.agentIdsNamed(manager, teamId, value);
    return ids.length === 1 ? ids[0] : new Error(ESIGN_LEFT_OUT.unknownOption);
  }

  /** Turns the sent changes into columns and custom values, or a 400 naming every bad field. */
  private async checkChanges(
    manager: EntityManager,
    teamId: number,
    sent: Record<string, unknown>,
    pageFields: readonly TransactionFieldDefinition[],
    side: 'b' | 's',
    preset: TransactionPreset,
  ): Promise<TransactionChanges> {
    const errors: FieldError[] = [];
    const columns: TransactionChanges['columns'] = {};
    const custom: Record<string, string | number | null> = {};
    const fail = (key: string, error: string) => errors.push({ field: `changes.${key}`, error });
    for (const [key, raw] of Object.entries(sent)) {
      const idKey = ID_KEYS[key];
      if (idKey) {
        if (idKey.list) {
          if (!Array.isArray(raw) || !raw.every(isId) || raw.length > 100) {
            fail(key, M.notYourTeams);
            continue;
          }
          if ((await this.access.notOfTeam(teamId, idKey.kind, raw, manager)).length) fail(key, M.notYourTeams);
          else columns[idKey.column] = [...new Set(raw)];
          continue;
        }
        if (raw === null || raw === '') {
          if (idKey.nullable) columns[idKey.column] = null;
          else fail(key, FORM_FIELD_MESSAGES.required);
          continue;
        }
        if (!isId(raw) || (await this.access.notOfTeam(teamId, idKey.kind, [raw], manager)).length) fail(key, M.notYourTeams);
        else columns[idKey.column] = raw;
        continue;
      }
      if (key === 'type') {
        if (raw === 'b' || raw === 's') columns.type = raw;
        else fail(key, M.notYourTeams);
        continue;
      }
      if (ADDRESS_KEYS.has(key)) {
        if (raw !== null && typeof raw !== 'string') fail(key, FORM_FIELD_MESSAGES.invalidValue);
        else if ((raw ?? '').trim().length > ADDRESS_MAX_LENGTH) fail(key, FORM_FIELD_MESSAGES.invalidValue);
        else columns[key as UpdatableColumn] = (raw ?? '').trim();
        continue;
      }
      // A field with a type: the page form's, or a system field the page preset always takes.
      const field =
        pageFields.find((f) => f.field_key === key) ?? (SYSTEM_FIELDS_BY_KEY.get(key) as TransactionFieldDefinition | undefined);
      if (!field || (preset !== 'page' && !field.system)) {
        fail(key, M.notAllowedHere);
        continue;
      }
      if (!field.system && field.client_type && field.client_type !== side) {
        fail(key, M.notAllowedHere);
        continue;
      }
      const checked = checkFieldValue(field, raw);
      if ('error' in checked) fail(key, checked.error);
      else if (field.system) {
        // Name, email and phone may be cleared but never blank the name to nothing at all.
        const value = checked.value;
        columns[key as UpdatableColumn] = (key === 'first_name' || key === 'last_name') && value === null ? '' : value;
      } else custom[key] = checked.value;
    }
    if (errors.length) throw new FieldErrorsException(errors);
    return { columns, custom_values: custom };
  }

  /** PATCH /transaction/{client_id}/status: the target status's dates are required (MM/DD/YYYY); earlier dates stay. */
  async changeStatus(
    caller: AuthenticatedUser,
    clientId: number,
    request: TransactionStatusRequest,
  ): Promise<{ client_id: number; version: number; changed: string[] }> {
    return this.dataSource.transaction(async (manager) => {
      const transaction = await this.access.visible(scopeOf(caller), clientId, manager);
      if (!transaction) throw new NotFoundException({ status: 'error', message: TRANSACTION_ERRORS.notFound });
      if (editRightOf(caller) === 'none') throw new ForbiddenException({ status: 'error', message: M.readOnly });
      const status = (await this.options.statuses(caller.team_id, manager)).find((s) => s.id === request.status_id);
      if (!status) throw new FieldErrorsException([{ field: 'status_id', error: M.notYourTeams }]);
      const dates = (request.dates ?? {}) as Record<string, unknown>;
      const errors: FieldError[] = [];
      const columns: TransactionChanges['columns'] = { status_id: status.id };
      for (const key of status.dates) {
        const checked = checkFieldValue({ ...SYSTEM_FIELDS_BY_KEY.get(key)!, required: true }, dates[key]);
        if ('error' in checked) errors.push({ field: `dates.${key}`, error: checked.error });
        else columns[key] = checked.value;
      }
      if (status.asks_lost_reason) {
        const checked = checkFieldValue({ ...SYSTEM_FIELDS_BY_KEY.get('lost_reason')!, required: true }, dates.lost_reason);
        if ('error' in checked) errors.push({ field: 'dates.lost_reason', error: checked.error });
        else columns.lost_reason = checked.value;
      }
      if (errors.length) throw new FieldErrorsException(errors);
      const result = await this.writer.update(manager, clientId, { columns }, { agent_id: caller.agent_id, source: 'console' });
      return { client_id: clientId, ...result };
    });
  }

  /** POST /transactions: type and a contact or an address; the agent defaults to the caller (an AGENT names only themselves). */
  async create(caller: AuthenticatedUser, request: TransactionCreateRequest): Promise<{ client_id: number }> {
    const right = editRightOf(caller);
    if (right === 'none') throw new ForbiddenException({ status: 'error', message: M.readOnly });
    return this.dataSource.transaction(async (manager) => {
      const errors: FieldError[] = [];
      if (request.type !== 'b' && request.type !== 's') errors.push({ field: 'type', error: FORM_FIELD_MESSAGES.required });
      const contact = request.contact ?? {};
      const hasContact = request.contact_id !== undefined || Object.values(contact).some((v) => typeof v === 'string' && v.trim() !== '');
      const address1 = typeof request.address_1 === 'string' ? request.address_1.trim() : '';
      if (!hasContact && !address1) errors.push({ field: 'address_1', error: M.contactOrAddress });
      const agentId = request.primary_agent_id ?? caller.agent_id;
      if (right !== 'all' && agentId !== caller.agent_id) errors.push({ field: 'primary_agent_id', error: M.agentSelfOnly });
      else if (!isId(agentId) || (await this.access.notOfTeam(caller.team_id, 'agent', [agentId], manager)).length) {
        errors.push({ field: 'primary_agent_id', error: M.notYourTeams });
      }
      if (
        request.contact_id !== undefined &&
        (!isId(request.contact_id) || (await this.access.notOfTeam(caller.team_id, 'contact', [request.contact_id], manager)).length)
      ) {
        errors.push({ field: 'contact_id', error: M.notYourTeams });
      }
      const statuses = await this.options.statuses(caller.team_id, manager);
      const statusId = request.status_id ?? statuses[0]?.id;
      if (!statuses.some((s) => s.id === statusId)) errors.push({ field: 'status_id', error: M.notYourTeams });
      if (
        request.stage_id !== undefined &&
        request.stage_id !== null &&
        (!isId(request.stage_id) || (await this.access.notOfTeam(caller.team_id, 'stage', [request.stage_id], manager)).length)
      ) {
        errors.push({ field: 'stage_id', error: M.notYourTeams });
      }
      const field = (key: 'first_name' | 'last_name' | 'email' | 'mobile_phone') => SYSTEM_FIELDS_BY_KEY.get(key)!;
      const checkedContact: Record<string, string | null> = {};
      for (const key of ['first_name', 'last_name', 'email', 'mobile_phone'] as const) {
        const checked = checkFieldValue(field(key), contact[key]);
        if ('error' in checked) errors.push({ field: `contact.${key}`, error: checked.error });
        else checkedContact[key] = checked.value as string | null;
      }
      for (const key of ADDRESS_KEYS) {
        const value = (request as unknown as Record<string, unknown>)[key];
        if (value !== undefined && value !== null && (typeof value !== 'string' || value.trim().length > ADDRESS_MAX_LENGTH))
          errors.push({ field: key, error: FORM_FIELD_MESSAGES.invalidValue });
      }
      if (errors.length) throw new FieldErrorsException(errors);

      // The page form's values, checked like a page edit (after the transaction exists, in the same database transaction).
      const text = (key: keyof TransactionCreateRequest) => (typeof request[key] === 'string' ? (request[key] as string).trim() : '');
      const [clientId] = await this.writer.createMany(
        manager,
        [
          {
            team_id: caller.team_id,
            type: request.type,
            address_1: address1,
            address_2: text('address_2'),
            city: text('city'),
            state: text('state'),
            postal_code: text('postal_code'),
            ...(request.contact_id !== undefined
              ? { contact_id: request.contact_id }
              : hasContact
                ? {
                    contact: {
                      agent_id: agentId,
                      first_name: checkedContact.first_name ?? '',
                      last_name: checkedContact.last_name ?? '',
                      email: checkedContact.email,
                      mobile_phone: checkedContact.mobile_phone,
                      lead_type_id: null,
                    },
                  }
                : {}),
            primary_agent_id: agentId,
            tc_agent_id: null,
            stage_id: request.stage_id ?? null,
            status_id: statusId!,
          },
        ],
        { agent_id: caller.agent_id, source: 'console' },
      );
      if (request.values && Object.keys(request.values).length > 0) {
        const pageFields = await this.options.fields(caller.team_id, manager);
        const changes = await this.checkChanges(manager, caller.team_id, request.values, pageFields, request.type, 'page').catch(
          (error: unknown) => {
            // Name the fields as the create form sends them (values.x, not changes.x).
            if (error instanceof FieldErrorsException) {
              const body = error.getResponse() as { errors: FieldError[] };
              throw new FieldErrorsException(body.errors.map((e) => ({ ...e, field: e.field.replace(/^changes\./, 'values.') })));
            }
            throw error;
          },
        );
        await this.writer.update(manager, clientId, changes, { agent_id: caller.agent_id, source: 'console' });
      }
      return { client_id: clientId };
    });
  }
}
