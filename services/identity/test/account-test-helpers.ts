import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DEMO_PASSWORD } from '../src/seed/demo-seed';
import { bootIdentity } from './identity-test-app';

export type Identity = Awaited<ReturnType<typeof bootIdentity>>;

/** identity with the local storage driver in a temporary folder of its own. */
export async function bootIdentityWithStorage(env: Record<string, string> = {}) {
  const storageDir = mkdtempSync(path.join(tmpdir(), 'identity-storage-'));
  const identity = await bootIdentity({ env: { STORAGE_DIR: storageDir, ...env } });
  return {
    ...identity,
    storageDir,
    close: async () => {
      await identity.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(sut: Identity, email: string) {
  const body = (await request(sut.server).post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200)).body;
  return { token: body.access_token as string, user: body.user as { agent_id: number; team: { team_id: number } } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A team of its own with one user of the given role, created through SQL (password DemoPass1!). */
export async function createTeamWithUser(
  sut: Identity,
  options: { team: string; email: string; role: string; market_id?: number; permissions?: string[] },
): Promise<{ team_id: number; agent_id: number }> {
  const [team] = await sut.dataSource.query(
    `INSERT INTO identity.teams (name, market_id, permissions) VALUES ($1, $2, $3) RETURNING team_id`,
    [options.team, options.market_id ?? 0, options.permissions ?? []],
  );
  const [user] = await sut.dataSource.query(
    `INSERT INTO identity.users (team_id, email, password_hash, first_name, last_name, mobile_phone, roles)
     SELECT $1, $2, password_hash, 'Morgan', 'Market', '(555) 555-0100', $3 FROM identity.users WHERE email = 'admin@demo-realty.test'
     RETURNING agent_id`,
    [team.team_id, options.email, [options.role]],
  );
  return { team_id: team.team_id, agent_id: user.agent_id };
}
