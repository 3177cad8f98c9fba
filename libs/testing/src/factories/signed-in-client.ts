import type { Server } from 'node:http';
import request from 'supertest';
import type { AuthenticatedUser } from '@app/auth';
import type { Permission, Role } from '@app/contracts';
import { signTestToken } from '../test-service';

/** Who a token speaks for: a factory's user row, or any object with the token's claims. */
export interface TokenSubject {
  agent_id: number;
  team_id: number;
  roles: Role[];
  permissions?: Permission[];
  market_id?: number;
}

export interface SignedInClient {
  token: string;
  user: AuthenticatedUser;
  get(path: string): request.Test;
  post(path: string): request.Test;
  put(path: string): request.Test;
  patch(path: string): request.Test;
  delete(path: string): request.Test;
}

function clientOf(server: Server, token: string, user: AuthenticatedUser): SignedInClient {
  const agent = request(server);
  const auth = (test: request.Test) => test.set('authorization', `Bearer ${token}`);
  return {
    token,
    user,
    get: (path) => auth(agent.get(path)),
    post: (path) => auth(agent.post(path)),
    put: (path) => auth(agent.put(path)),
    patch: (path) => auth(agent.patch(path)),
    delete: (path) => auth(agent.delete(path)),
  };
}

/**
 * A supertest client of `server` whose every request carries an access token for `subject`, signed
 * with the test key as identity would sign it (for services other than identity, whose users are
 * read copies). The permissions are the subject's as given: pass the effective list.
 */
export async function signedInClient(server: Server, subject: TokenSubject): Promise<SignedInClient> {
  const user: AuthenticatedUser = {
    agent_id: subject.agent_id,
    team_id: subject.team_id,
    roles: subject.roles,
    permissions: subject.permissions ?? [],
    market_id: subject.market_id ?? 0,
  };
  return clientOf(server, await signTestToken(user), user);
}

/** A client signed in through identity's real POST /api/auth/login (identity suites). */
export async function signInThroughApi(identityServer: Server, email: string, password: string): Promise<SignedInClient> {
  const response = await request(identityServer).post('/api/auth/login').send({ email, password });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${JSON.stringify(response.body)}`);
  const profile = response.body.user as {
    agent_id: number;
    roles: Role[];
    permissions: Permission[];
    team: { team_id: number; market_id: number };
  };
  const user: AuthenticatedUser = {
    agent_id: profile.agent_id,
    team_id: profile.team.team_id,
    roles: profile.roles,
    permissions: profile.permissions,
    market_id: profile.team.market_id,
  };
  return clientOf(identityServer, response.body.access_token, user);
}
