import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { AdminUserForm } from '@app/contracts';
import { readMailbox } from '@app/mail';
import { eventually } from '@app/testing';
import { DEMO_PASSWORD } from '../src/seed/demo-seed';
import { bearer, signIn, type Identity } from './account-test-helpers';
import { bootIdentity } from './identity-test-app';

export { bearer, signIn, DEMO_PASSWORD };
export type AdminIdentity = Awaited<ReturnType<typeof bootAdminIdentity>>;

export const PUBLIC_URL = 'https://realty.example';

/**
 * identity on a fresh seeded database with local storage in a temporary folder; with `mail` it runs in
 * 'all' mode, so the mail worker writes every mail into a mailbox folder of its own.
 */
export async function bootAdminIdentity(options: { mail?: boolean; env?: Record<string, string> } = {}) {
  const storageDir = mkdtempSync(path.join(tmpdir(), 'identity-admin-storage-'));
  const mailDir = mkdtempSync(path.join(tmpdir(), 'identity-admin-mailbox-'));
  const identity = await bootIdentity({
    mode: options.mail ? 'all' : 'api',
    env: { STORAGE_DIR: storageDir, MAIL_DIR: mailDir, PUBLIC_URL, ...options.env },
  });
  return {
    ...identity,
    storageDir,
    mailDir,
    close: async () => {
      await identity.close();
      rmSync(storageDir, { recursive: true, force: true });
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/** Calls of the admin API with one caller's token. */
export function adminApi(sut: Identity, token: string) {
  const auth = bearer(token);
  return {
    get: (url: string) => request(sut.server).get(`/api${url}`).set(auth),
    post: (url: string, body: object = {}) => request(sut.server).post(`/api${url}`).set(auth).send(body),
    put: (url: string, body: object = {}) => request(sut.server).put(`/api${url}`).set(auth).send(body),
    patch: (url: string, body: object = {}) => request(sut.server).patch(`/api${url}`).set(auth).send(body),
    delete: (url: string) => request(sut.server).delete(`/api${url}`).set(auth),
  };
}

/** A valid user form with a unique email. */
export function userForm(overrides: Partial<AdminUserForm> = {}): AdminUserForm {
  const id = randomUUID().slice(0, 8);
  return {
    first_name: 'Jordan',
    last_name: `New${id}`,
    mobile_phone: '(555) 555-0199',
    email: `user-${id}@demo-realty.test`,
    role_id: 'AGENT',
    start_dt: '03/15/2026',
    send_welcome_email: false,
    ...overrides,
  };
}

/**
 * A team of its own (plan, licences and seats as given) with one ADMIN who signs in with the demo
 * password; answers the admin's token.
 */
export async function createTeamWithAdmin(
  sut: Identity,
  options: { licences?: number; esignSeats?: number; permissions?: string[] } = {},
): Promise<{ team_id: number; agent_id: number; token: string; email: string }> {
  const id = randomUUID().slice(0, 8);
  const email = `admin-${id}@team-${id}.test`;
  const [team] = await sut.dataSource.query(
    `INSERT INTO identity.teams (name, market_id, permissions, user_licenses_total, esign_seats_total) VALUES ($1, 0, $2, $3, $4) RETURNING team_id`,
    [`Team ${id}`, options.permissions ?? [], options.licences ?? 0, options.esignSeats ?? 0],
  );
  const [user] = await sut.dataSource.query(
    `INSERT INTO identity.users (team_id, email, password_hash, first_name, last_name, mobile_phone, roles, timezone)
     SELECT $1, $2, password_hash, 'Ada', 'Owner', '(555) 555-0100', '{ADMIN}', 'America/New_York'
       FROM identity.users WHERE email = 'admin@demo-realty.test'
     RETURNING agent_id`,
    [team.team_id, email],
  );
  const { token } = await signIn(sut, email);
  return { team_id: team.team_id, agent_id: user.agent_id, token, email };
}

/** Team members inserted straight into the table (for lists and counts); they sign in with the demo password. */
export async function insertUsers(
  sut: Identity,
  teamId: number,
  users: {
    first_name: string;
    last_name: string;
    role?: string;
    status?: string;
    email?: string;
    mobile_phone?: string | null;
    leader_board_exclude?: boolean;
    esign_enabled?: boolean;
  }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const u of users) {
    const [row] = await sut.dataSource.query(
      `INSERT INTO identity.users (team_id, email, password_hash, first_name, last_name, mobile_phone, roles, status, leader_board_exclude, esign_enabled)
       SELECT $1, $2, password_hash, $3, $4, $5, $6, $7, $8, $9 FROM identity.users WHERE email = 'admin@demo-realty.test'
       RETURNING agent_id`,
      [
        teamId,
        u.email ?? `${randomUUID().slice(0, 12)}@list.test`,
        u.first_name,
        u.last_name,
        u.mobile_phone === undefined ? '(555) 555-0100' : u.mobile_phone,
        [u.role ?? 'AGENT'],
        u.status ?? 'active',
        u.leader_board_exclude ?? false,
        u.esign_enabled ?? false,
      ],
    );
    ids.push(row.agent_id);
  }
  return ids;
}

/** The identity.user.* events written for a user, oldest first. */
export async function userEvents(sut: Identity, agentId: number): Promise<{ type: string; payload: Record<string, unknown> }[]> {
  return sut.dataSource.query(
    `SELECT type, payload FROM identity.outbox WHERE type LIKE 'identity.user.%' AND (payload->>'agent_id')::int = $1 ORDER BY seq`,
    [agentId],
  );
}

/** Waits for the next mail to this address and answers it with the key of its /auth/reset-password link. */
export async function nextMailTo(sut: AdminIdentity, email: string, before: number) {
  const mail = await eventually(async () => {
    const mails = (await readMailbox(sut.mailDir)).filter((m) => m.to === email.toLowerCase());
    return mails.length > before ? mails.at(-1) : null;
  });
  const match = mail!.text.match(/https:\/\/realty\.example\/auth\/reset-password\/([A-Za-z0-9_-]+)/);
  return { mail: mail!, key: match?.[1] ?? null };
}

export async function mailCount(sut: AdminIdentity, email: string): Promise<number> {
  return (await readMailbox(sut.mailDir)).filter((m) => m.to === email.toLowerCase()).length;
}

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, CRLF line ends). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || record.length) throw new Error('CSV does not end with CRLF');
  return records;
}
