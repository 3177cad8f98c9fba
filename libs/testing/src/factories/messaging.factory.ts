import type { DataSource, EntityManager } from 'typeorm';
import type { Role } from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';
import { uniqueName } from './sequence';

export type MessagingUserRow = Narrow<
  Pick<TableRow<'messaging.users'>, 'agent_id' | 'team_id' | 'first_name' | 'last_name' | 'email' | 'roles'>,
  { roles: Role[] }
>;

export interface MessagingUserOverrides {
  role?: Role;
  roles?: Role[];
  first_name?: string;
  last_name?: string;
  email?: string;
  status?: 'active' | 'inactive';
  profile_image_path?: string | null;
}

export interface MessagingTransactionOverrides {
  primary_agent_id?: number | null;
  tc_agent_id?: number | null;
  client_user_ids?: number[];
  vendor_user_ids?: number[];
  first_name?: string;
  last_name?: string;
  formatted_address?: string;
  contacts?: { name: string; email: string }[];
  type?: string;
}

let nextId = 10_000;
const idOf = () => (nextId += 1);

/**
 * Messaging's read copies (users, transactions, tasks, documents) written with SQL, as the events would
 * leave them, for suites of the inbox; ids are made up (unique within the test process).
 */
export class MessagingFactory {
  constructor(private readonly db: DataSource | EntityManager) {}

  async user(teamId: number, overrides: MessagingUserOverrides = {}): Promise<MessagingUserRow> {
    const roles = overrides.roles ?? [overrides.role ?? 'AGENT'];
    const row = {
      agent_id: idOf(),
      team_id: teamId,
      first_name: overrides.first_name ?? 'Pat',
      last_name: overrides.last_name ?? uniqueName(roles[0].toLowerCase()),
      email: overrides.email ?? `${uniqueName(roles[0].toLowerCase())}@messaging.test`,
      roles,
    };
    await this.db.query(
      `INSERT INTO messaging.users (agent_id, team_id, first_name, last_name, email, roles, status, profile_image_path, source_occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())`,
      [
        row.agent_id,
        teamId,
        row.first_name,
        row.last_name,
        row.email,
        roles,
        overrides.status ?? 'active',
        overrides.profile_image_path ?? null,
      ],
    );
    return row;
  }

  async transaction(teamId: number, overrides: MessagingTransactionOverrides = {}): Promise<number> {
    const clientId = idOf();
    await this.db.query(
      `INSERT INTO messaging.transactions (client_id, team_id, version, type, first_name, last_name, formatted_address, primary_agent_id, tc_agent_id, client_user_ids, vendor_user_ids, contacts)
       VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        clientId,
        teamId,
        overrides.type ?? 'buyer',
        overrides.first_name ?? 'Casey',
        overrides.last_name ?? uniqueName('Client'),
        overrides.formatted_address ?? `${clientId} Main St, Springfield`,
        overrides.primary_agent_id ?? null,
        overrides.tc_agent_id ?? null,
        overrides.client_user_ids ?? [],
        overrides.vendor_user_ids ?? [],
        JSON.stringify(overrides.contacts ?? []),
      ],
    );
    return clientId;
  }

  async task(
    teamId: number,
    clientId: number,
    overrides: { name?: string; task_type?: string; assigned_to_agent_id?: number | null; due_dt?: string | null } = {},
  ): Promise<number> {
    const taskId = idOf();
    await this.db.query(
      `INSERT INTO messaging.tasks (task_id, team_id, client_id, version, name, task_type, due_dt, assigned_to_agent_id) VALUES ($1, $2, $3, 1, $4, $5, $6, $7)`,
      [
        taskId,
        teamId,
        clientId,
        overrides.name ?? uniqueName('Task'),
        overrides.task_type ?? null,
        overrides.due_dt ?? null,
        overrides.assigned_to_agent_id ?? null,
      ],
    );
    return taskId;
  }

  async document(teamId: number, clientId: number, overrides: { filename?: string; folder_name?: string } = {}): Promise<number> {
    const documentId = idOf();
    await this.db.query(
      `INSERT INTO messaging.documents (document_id, team_id, client_id, version, filename, folder_name) VALUES ($1, $2, $3, 1, $4, $5)`,
      [documentId, teamId, clientId, overrides.filename ?? `${uniqueName('doc')}.pdf`, overrides.folder_name ?? 'General'],
    );
    return documentId;
  }
}
