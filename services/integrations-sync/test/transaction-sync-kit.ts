import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { EventEnvelope, EventType, TransactionSnapshot } from '@app/contracts';
import { eventually } from '@app/testing';
import {
  FAKE_SKYSLOPE_ACCESS_KEY,
  FAKE_SKYSLOPE_ACCESS_SECRET,
  FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID,
  FAKE_SKYSLOPE_USERS,
} from '../fake-skyslope';
import { bearerOf, type bootIntegrationsSync } from './skyslope-test-kit';

type Booted = Awaited<ReturnType<typeof bootIntegrationsSync>>;

/** Fast retries for tests: SkySlope's 429/503 backoff and the sync job's. */
export const FAST_SYNC_ENV = { SKYSLOPE_RETRY_BASE_MS: '5', SKYSLOPE_SYNC_RETRY_BASE_MS: '20', SKYSLOPE_SYNC_LOCK_MS: '1000' };

export const ssGuidOf = (email: string) => FAKE_SKYSLOPE_USERS.find((user) => user.email.toLowerCase() === email.toLowerCase())!.userGuid;

/** A transaction's whole row as transactions.transaction.created/updated carry it. */
export function transactionRow(teamId: number, clientId: number, overrides: Partial<TransactionSnapshot> = {}): TransactionSnapshot {
  return {
    client_id: clientId,
    team_id: teamId,
    type: 'b',
    first_name: 'Brianna',
    last_name: 'Buyer',
    email: 'brianna.buyer@mail.test',
    mobile_phone: '5125550101',
    address_1: '1208 Oak Hollow Dr',
    address_2: 'Unit 4',
    city: 'Austin',
    state: 'TX',
    postal_code: '78704',
    formatted_address: '1208 Oak Hollow Dr Unit 4, Austin, TX 78704',
    primary_agent_id: 3,
    tc_agent_id: 2,
    client_user_ids: [],
    vendor_user_ids: [],
    stage_id: null,
    status_id: 1,
    appt_set_dt: null,
    appt_met_dt: null,
    signed_dt: null,
    under_contract_dt: '2026-11-02',
    est_close_dt: '2026-12-15',
    closed_dt: null,
    lost_dt: null,
    lost_reason: null,
    lead_type_id: null,
    original_lead_type_id: null,
    lead_type_date: null,
    appt_set_by_agent_id: null,
    trans_amt: 450000,
    gci_pct: 3,
    gross_commission_amt: 13500,
    custom_values: { referral_pct: 25 },
    tag_ids: [],
    hidden_on_boards: false,
    pinned_on_boards: false,
    completed_task_count: 0,
    total_task_count: 0,
    rtc_count: 0,
    next_open_due_dt: null,
    contacts: [
      { name: 'Brianna Buyer', email: 'brianna.buyer@mail.test' },
      { name: 'Carl Cobuyer', email: null },
    ],
    created_ts: '2026-11-01T10:00:00.000Z',
    updated_ts: '2026-11-01T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function envelopeOf<T extends EventType>(type: T, teamId: number, payload: EventEnvelope<T>['payload']): EventEnvelope<T> {
  return { id: randomUUID(), type, team_id: teamId, occurred_at: new Date().toISOString(), version: 1, payload } as EventEnvelope<T>;
}

/** The team's users in the read copy: admin (1), tc (2), agent (3), restricted (4), isa (5, no SkySlope user). */
export async function seedTeamUsers(booted: Booted, teamId: number, offset = 0) {
  const users: [number, string, string[]][] = [
    [1, 'admin@demo-realty.test', ['ADMIN']],
    [2, 'tc@demo-realty.test', ['TRANC']],
    [3, 'agent@demo-realty.test', ['AGENT']],
    [4, 'restricted@demo-realty.test', ['AGENT']],
    [5, 'isa@demo-realty.test', ['ISISA']],
  ];
  for (const [id, email, roles] of users) {
    await booted.sut.dataSource.query(
      `INSERT INTO integrations_sync.users (agent_id, team_id, first_name, last_name, email, status, roles, skyslope_agent_guid, source_occurred_at)
       VALUES ($1, $2, 'Pat', $3, $4, 'active', $5, NULL, now())`,
      [id + offset, teamId, `User${id}`, email, roles],
    );
  }
}

/** Keys saved, users matched, office chosen (with the API as the admin would). */
export async function connectTeam(
  booted: Booted,
  teamId: number,
  adminId: number,
  office: string | null = FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID,
) {
  const admin = await bearerOf(adminId, teamId, 'ADMIN');
  await request(booted.sut.server)
    .post('/api/skyslope/settings')
    .set(admin)
    .send({ accessKey: FAKE_SKYSLOPE_ACCESS_KEY, accessSecret: FAKE_SKYSLOPE_ACCESS_SECRET })
    .expect(200);
  await request(booted.sut.server).post('/api/skyslope/matched-users').set(admin).send({ match_skyslope_users: true }).expect(200);
  if (office) await request(booted.sut.server).post('/api/skyslope/offices').set(admin).send({ skyslope_guid: office }).expect(200);
  return admin;
}

export interface SyncRowSeen {
  client_id: number;
  guid: string | null;
  result: string;
  reason: string | null;
  synced_version: number | null;
  payload_hash: string | null;
}

export async function syncRowOf(booted: Booted, clientId: number): Promise<SyncRowSeen | undefined> {
  const rows: SyncRowSeen[] = await booted.sut.dataSource.query(
    `SELECT client_id, guid, result, reason, synced_version, payload_hash FROM integrations_sync.skyslope_sync WHERE client_id = $1`,
    [clientId],
  );
  return rows[0];
}

/** Waits until the transaction's sync row says `result` (at `version` when given). */
export async function until(booted: Booted, clientId: number, result: string, version?: number, timeoutMs = 15_000): Promise<SyncRowSeen> {
  return eventually(async () => {
    const row = await syncRowOf(booted, clientId);
    return row && row.result === result && (version === undefined || row.synced_version === version) ? row : undefined;
  }, timeoutMs);
}

/** The fake's files of our transaction (by fileId). */
export const filesOf = (booted: Booted, clientId: number) => booted.fake.control.files().filter((file) => file.fileId === String(clientId));

/** The number of POSTs and PUTs the fake answered for sales or listings. */
export function fileCalls(booted: Booted, kind: 'sales' | 'listings') {
  const byPath = booted.fake.control.stats().byPath;
  return Object.entries(byPath)
    .filter(([path]) => path.startsWith(`/api/files/${kind}`))
    .reduce((sum, [, n]) => sum + n, 0);
}
