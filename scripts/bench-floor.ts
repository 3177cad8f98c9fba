// The floors of `npm run bench`: one bare Fastify + pg + jose server (no Nest, no TypeORM, no logging) that
// answers each benchmarked call the way the service must at the least: it verifies the same access token
// (ES256, the stack's public key, the same issuer and audience), checks the same role, runs the same SQL
// text as the service (exported by the service's repository) on the same Postgres with the service's pool
// size, and shapes the rows with the service's own mapper, so that its body is the service's body. What the
// service spends beyond this is framework and plumbing, which is what the bench's ratios show.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as argon2 from 'argon2';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { importPKCS8, importSPKI, jwtVerify, SignJWT } from 'jose';
import { Pool } from 'pg';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@app/auth';
import { ADMIN_ROLES, DOCUMENT_SETUP_ROLES, USER_LIST_DEFAULTS, type Role, type UserStatusFilter } from '@app/contracts';
import { paginationOf } from '@app/database';
import { tableRowOf, USER_TABLE_COLS } from '../services/identity/src/admin-users/admin-user.mapper';
import { userPageSql } from '../services/identity/src/admin-users/admin-users.repository';
import { profileOf } from '../services/identity/src/profile/profile.mapper';
import { PROFILE_SQL, profileUserOf, type ProfileRow } from '../services/identity/src/profile/profile.repository';
import { pageWindowOf } from '../services/team-admin/src/common/list-query.dto';
import { folderListSql } from '../services/team-admin/src/documents/folders/folders.repository';
import { serveChild } from './bench-kit';

/** createServiceDataSource's default pool: each service process has this many connections. */
export const FLOOR_POOL_SIZE = 10;

/** The environment the floor child needs: the stack's database and signing keys. */
export function floorEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  const keys = path.join(dataDir, 'keys');
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    JWT_PUBLIC_KEY: process.env.JWT_PUBLIC_KEY ?? readFileSync(path.join(keys, 'jwt-es256-public.pem'), 'utf8'),
    // Only the login floor signs (as identity does on sign-in).
    FLOOR_JWT_PRIVATE_KEY: process.env.JWT_PRIVATE_KEY ?? readFileSync(path.join(keys, 'jwt-es256-private.pem'), 'utf8'),
  };
}

interface Caller {
  agent_id: number;
  team_id: number;
  roles: Role[];
}

const STATUS_FILTERS: readonly UserStatusFilter[] = ['all', 'active', 'disabled', 'excluded'];

/** Child-process mode (`--floor-server`): every floor on one port, under the service's own paths. */
export async function serveFloor(): Promise<void> {
  const publicKey = await importSPKI(process.env.JWT_PUBLIC_KEY ?? '', TOKEN_ALGORITHM);
  const privateKey = await importPKCS8(process.env.FLOOR_JWT_PRIVATE_KEY ?? '', TOKEN_ALGORITHM);
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: FLOOR_POOL_SIZE });
  const app = Fastify({ logger: false });
  app.addHook('onClose', () => pool.end());

  // The same checks as the services' guard: Bearer, ES256 with the public key, issuer, audience, expiry.
  async function caller(request: FastifyRequest, reply: FastifyReply, roles?: readonly Role[]): Promise<Caller | null> {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    try {
      if (scheme !== 'Bearer' || !token) throw new Error('no token');
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
      });
      const user = { agent_id: Number(payload.sub), team_id: payload.team_id as number, roles: (payload.roles as Role[]) ?? [] };
      if (roles && !roles.some((role) => user.roles.includes(role))) {
        void reply.code(403).send({ status: 'error', message: 'You do not have permission to do this' });
        return null;
      }
      return user;
    } catch {
      void reply.code(401).send({ status: 'error', message: 'Session expired or invalid. Please sign in again.' });
      return null;
    }
  }

  app.get('/api/identity/health/live', async () => ({ status: 'ok', service: 'identity' }));

  app.get('/api/user/profile', async (request, reply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    const { rows } = await pool.query<ProfileRow>(PROFILE_SQL, [user.agent_id, user.team_id]);
    if (!rows.length) return reply.code(404).send({ status: 'error', message: 'User not found' });
    return profileOf(profileUserOf(rows[0]), user.roles);
  });

  app.get('/api/admin/users', async (request, reply) => {
    const user = await caller(request, reply, ADMIN_ROLES);
    if (!user) return reply;
    const query = request.query as { status_filter?: UserStatusFilter };
    const filter = {
      teamId: user.team_id,
      statusFilter: STATUS_FILTERS.includes(query.status_filter!) ? query.status_filter! : USER_LIST_DEFAULTS.status_filter,
      search: '',
      orderBy: USER_LIST_DEFAULTS.order_by,
      orderDir: USER_LIST_DEFAULTS.order_dir,
    };
    const { page, per_page } = USER_LIST_DEFAULTS;
    const sql = userPageSql(filter, per_page, (page - 1) * per_page, true);
    const { rows } = await pool.query(sql.text, sql.values);
    // The demo's users have no image: a signed image URL would be the service's only other work here.
    return {
      table: { data: rows.map((row) => tableRowOf(row, null)), cols: [...USER_TABLE_COLS] },
      pagination: paginationOf(rows[0]?.total ?? 0, page, per_page),
    };
  });

  app.get('/api/documents/folders', async (request, reply) => {
    const user = await caller(request, reply, DOCUMENT_SETUP_ROLES);
    if (!user) return reply;
    const window = pageWindowOf({});
    const sql = folderListSql(user.team_id, { direction: 'ASC', limit: window.limit, offset: window.offset });
    const { rows } = await pool.query(sql.text, sql.values);
    if (!rows.length) return reply.code(404).send({ status: 'error', message: 'Team not found' });
    return { records: rows[0].rows, pagination: window.paginate(rows[0].total) };
  });

  // Sign-in's core: the user's hash by email, argon2id verification (the same hash and parameters), an ES256
  // token. The service also records the attempt, stores a refresh token and answers the profile.
  app.post('/api/auth/login', async (request, reply) => {
    const body = request.body as { email?: string; password?: string };
    const { rows } = await pool.query<{ agent_id: number; team_id: number; password_hash: string }>(
      'SELECT agent_id, team_id, password_hash FROM identity.users WHERE lower(email) = lower($1)',
      [body.email ?? ''],
    );
    if (!rows.length || !(await argon2.verify(rows[0].password_hash, body.password ?? '')))
      return reply.code(401).send({ status: 'error' });
    const accessToken = await new SignJWT({ team_id: rows[0].team_id })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(String(rows[0].agent_id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('900s')
      .sign(privateKey);
    return { access_token: accessToken };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  serveChild(app);
}
