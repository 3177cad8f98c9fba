import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  CONTACT_MERGE_FIELDS,
  CONTACT_MERGE_MAX,
  CONTACT_MERGE_MIN,
  CONTACT_MESSAGES as M,
  type ContactMergeConflicts,
  type ContactMergeField,
  type ContactMergeRequest,
  formatPhone,
} from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { ContactWriter } from './contact-writer';
import { ContactsRepository, type ContactColumn, type ContactRow, type ContactValues } from './contacts.repository';
import { contactNotFound, contactRecordOf, contactScopeOf, seesWholeTeam } from './contacts.service';

const CUSTOM_PREFIX = 'custom_fields.';

/** A field of the merge: how to read each contact's value and its display text. */
interface MergeField {
  label: string;
  field: string;
  raw: (row: ContactRow) => unknown;
  text: (row: ContactRow) => string;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || value === 'None';

/** Postgres's lock_not_available: another transaction holds one of the rows (NOWAIT). */
const isLockNotAvailable = (error: unknown) => {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return e?.code === '55P03' || e?.driverError?.code === '55P03';
};

/** GET /contacts/merge/conflicts and POST /contacts/merge. */
@Injectable()
export class ContactMergeService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly contacts: ContactsRepository,
    private readonly writer: ContactWriter,
  ) {}

  async conflicts(caller: AuthenticatedUser, contactIds: readonly number[]): Promise<ContactMergeConflicts> {
    const ids = this.checkCount(contactIds);
    const rows = this.checkFound(ids, await this.contacts.rows(contactScopeOf(caller), ids));
    const { fields, dynamic } = this.fieldsOf(caller, rows);
    const valuesOf = (field: MergeField): ContactMergeField => ({
      label: field.label,
      field: field.field,
      values: rows.map((row) => ({ contact_id: row.contact_id, value: field.text(row) })),
    });
    return {
      contacts: rows.map((row) => contactRecordOf(caller, row)),
      fields: fields.map(valuesOf),
      dynamic_fields: dynamic.map(valuesOf),
    };
  }

  /**
   * Merges the contacts into the oldest, in one database transaction with every row locked; a merge
   * already holding one of them answers 409.
   */
  async merge(caller: AuthenticatedUser, request: ContactMergeRequest): Promise<{ contact_id: number }> {
    const ids = this.checkCount(request.contact_ids);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const rows = this.checkFound(ids, await this.contacts.rows(contactScopeOf(caller), ids, manager, 'nowait'));
        const { fields, dynamic } = this.fieldsOf(caller, rows);
        const chosen = new Map<string, number>();
        for (const resolution of request.resolutions) {
          const known = [...fields, ...dynamic].some((f) => f.field === resolution.field);
          if (!known || !ids.includes(resolution.contact_id)) {
            throw new FieldErrorsException([{ field: 'resolutions', error: M.notYourTeams }]);
          }
          chosen.set(resolution.field, resolution.contact_id);
        }
        if ([...fields, ...dynamic].some((f) => !chosen.has(f.field))) {
          throw new FieldErrorsException([{ field: 'resolutions', error: M.mergeSelectAll }], M.mergeSelectAll);
        }
        const [survivor, ...merged] = rows;
        const byId = new Map(rows.map((row) => [row.contact_id, row]));
        const values: ContactValues = {};
        for (const field of fields)
          values[field.field as ContactColumn] = field.raw(byId.get(chosen.get(field.field)!)!) as string | number | null;
        if (dynamic.length > 0) {
          const custom: Record<string, string | number | null> = {};
          for (const field of dynamic) {
            const value = field.raw(byId.get(chosen.get(field.field)!)!) as string | number | null | undefined;
            if (value !== undefined) custom[field.field.slice(CUSTOM_PREFIX.length)] = value;
          }
          values.custom_fields = custom;
        }
        await this.writer.merge(
          manager,
          survivor.contact_id,
          merged.map((row) => row.contact_id),
          values,
        );
        return { contact_id: survivor.contact_id };
      });
    } catch (error) {
      if (isLockNotAvailable(error)) throw new ConflictException({ status: 'error', message: M.mergeBusy });
      throw error;
    }
  }

  /** 2 to 10 distinct ids, else 400 in the spec's words. */
  private checkCount(contactIds: readonly number[]): number[] {
    const ids = [...new Set(contactIds)];
    if (ids.length < CONTACT_MERGE_MIN) throw new FieldErrorsException([{ field: 'contact_ids', error: M.mergeTooFew }], M.mergeTooFew);
    if (ids.length > CONTACT_MERGE_MAX) throw new FieldErrorsException([{ field: 'contact_ids', error: M.mergeTooMany }], M.mergeTooMany);
    return ids;
  }

  /** Every id a contact the caller sees and not merged, else 404. */
  private checkFound(ids: readonly number[], rows: ContactRow[]): ContactRow[] {
    const missing = ids.find((id) => !rows.some((row) => row.contact_id === id));
    if (missing !== undefined) throw contactNotFound();
    const merged = rows.find((row) => row.status === 'merged');
    if (merged) throw contactNotFound(merged.merged_into_contact_id);
    return rows;
  }

  /** The fields shown: those with a value on at least one contact (agent only for ADMIN, TRANC, ISISA), then the custom fields' keys. */
  private fieldsOf(caller: AuthenticatedUser, rows: ContactRow[]): { fields: MergeField[]; dynamic: MergeField[] } {
    const team = seesWholeTeam(caller);
    const fields: MergeField[] = CONTACT_MERGE_FIELDS.filter((f) => team || !f.teamOnly).map((f) => {
      const column = f.field as keyof ContactRow;
      const text = (row: ContactRow): string => {
        if (column === 'lead_type_id') return row.lead_type ?? '';
        if (column === 'agent_id') return row.agent_name ?? '';
        if (column === 'mobile_phone') return formatPhone(row.mobile_phone);
        if (column === 'status') return row.status === 'active' ? 'Active' : 'Inactive';
        const value = row[column];
        return value === null || value === undefined ? '' : String(value);
      };
      return { label: f.label, field: f.field, raw: (row) => row[column], text };
    });
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row.custom_fields ?? {})))].sort();
    const dynamic: MergeField[] = keys.map((key) => ({
      label: key,
      field: `${CUSTOM_PREFIX}${key}`,
      raw: (row) => row.custom_fields?.[key],
      text: (row) => {
        const value = row.custom_fields?.[key];
        return value === null || value === undefined ? '' : String(value);
      },
    }));
    const shown = (field: MergeField) => rows.some((row) => !isEmpty(field.raw(row)));
    return { fields: fields.filter(shown), dynamic: dynamic.filter(shown) };
  }
}
