import request from 'supertest';
import type { Role } from '@app/contracts';
import { bearer, bootTeamAdmin, tokenFor, type TeamAdminUnderTest } from './team-admin-test-app';

type Method = 'get' | 'post' | 'patch' | 'delete';
interface Route {
  method: Method;
  path: string;
  body?: object;
}

// Bodies that would pass validation, so that an allowed role never answers 403 for another reason.
const ADMIN_ONLY: Route[] = [
  { method: 'get', path: '/api/admin/team' },
  { method: 'patch', path: '/api/admin/team', body: { timezone: 'UTC' } },
  { method: 'get', path: '/api/admin/team/logo' },
  { method: 'post', path: '/api/admin/team/logo', body: { name: 'logo.png', type: 'image/png' } },
  { method: 'post', path: '/api/admin/team/logo/confirm', body: { key: 'team-logos/1/00000000-0000-4000-8000-000000000000' } },
  { method: 'delete', path: '/api/admin/team/logo' },
  { method: 'get', path: '/api/admin/notification_settings' },
  { method: 'patch', path: '/api/admin/notification_settings', body: { notification_id: 1, enabled: true } },
  { method: 'get', path: '/api/admin/team/blackout-days/options' },
  { method: 'get', path: '/api/admin/team/blackout-days' },
  { method: 'post', path: '/api/admin/team/blackout-day', body: { predefined_day_key: 'monday' } },
  { method: 'delete', path: '/api/admin/team/blackout-day?predefined_day_key=monday' },
];
// Reads included: the work area gets its own read with the transactions issue.
const DOCUMENT_SETUP: Route[] = [
  { method: 'get', path: '/api/documents/folders' },
  { method: 'get', path: '/api/documents/folders?folder_id=-1' },
  { method: 'get', path: '/api/documents/categories' },
  { method: 'get', path: '/api/documents/types/manage' },
  { method: 'post', path: '/api/documents/folders', body: { folder_name: 'Role check' } },
  { method: 'patch', path: '/api/documents/folders?folder_id=999999', body: { folder_name: 'Role check' } },
  { method: 'delete', path: '/api/documents/folders?folder_id=999999' },
  { method: 'post', path: '/api/documents/categories', body: { name: 'Role check' } },
  { method: 'patch', path: '/api/documents/categories?team_document_category_id=999999', body: { name: 'Role check' } },
  { method: 'delete', path: '/api/documents/categories?team_document_category_id=999999' },
  { method: 'post', path: '/api/documents/types/manage', body: { name: 'Role check' } },
  { method: 'patch', path: '/api/documents/types/manage?team_document_type_id=999999', body: { name: 'Role check' } },
  { method: 'delete', path: '/api/documents/types/manage?id=999999' },
  { method: 'get', path: '/api/admin/document/message-template' },
  { method: 'patch', path: '/api/admin/document/message-template', body: { message_template: 'Role check' } },
];
const EVERY_ROUTE = [...ADMIN_ONLY, ...DOCUMENT_SETUP];

const ALLOWED: Record<'admin' | 'setup', Role[]> = {
  admin: ['ADMIN'],
  setup: ['ADMIN', 'TRANC'],
};
const ROLES: Role[] = ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR', 'CLIENT'];
const label = (r: Route) => `${r.method.toUpperCase()} ${r.path}`;

describe('who may call what (roles checked on the server)', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  const call = (route: Route, token?: string) => {
    const req = request(sut.server)[route.method](route.path);
    if (token) req.set(bearer(token));
    return route.body ? req.send(route.body) : req;
  };

  const cases = [
    ...ADMIN_ONLY.map((route) => ({ route, allowed: ALLOWED.admin })),
    ...DOCUMENT_SETUP.map((route) => ({ route, allowed: ALLOWED.setup })),
  ];

  it.each(cases.map((c) => [label(c.route), c] as const))('%s', async (_label, { route, allowed }) => {
    const team = await sut.newTeam();
    for (const role of ROLES) {
      const response = await call(route, await tokenFor(team.team_id, role));
      if (allowed.includes(role)) {
        // Allowed: whatever the rules of the call say next (200, 201, 400, 404), never 401, 403 or a 5xx.
        expect([role, response.status < 500 && response.status !== 403 && response.status !== 401]).toEqual([role, true]);
      } else {
        expect([role, response.status, response.body]).toEqual([
          role,
          403,
          { status: 'error', message: 'You do not have permission to do this' },
        ]);
      }
    }
  });

  it('refused calls change nothing', async () => {
    const team = await sut.newTeam();
    for (const token of [team.tokens.agent, team.tokens.isa, team.tokens.vendor, team.tokens.client]) {
      for (const route of EVERY_ROUTE.filter((r) => r.method !== 'get')) await call(route, token).expect(403);
    }
    const counts = await sut.dataSource.query(
      `SELECT (SELECT count(*) FROM team_admin.document_folders WHERE team_id = $1)::int AS folders,
              (SELECT count(*) FROM team_admin.document_categories WHERE team_id = $1)::int AS categories,
              (SELECT count(*) FROM team_admin.document_types WHERE team_id = $1)::int AS types,
              (SELECT count(*) FROM team_admin.team_blackout_days WHERE team_id = $1)::int AS blackout_days,
              (SELECT count(*) FROM team_admin.outbox WHERE team_id = $1)::int AS events,
              (SELECT timezone FROM team_admin.teams WHERE team_id = $1) AS timezone,
              (SELECT message_template FROM team_admin.teams WHERE team_id = $1) AS message_template`,
      [team.team_id],
    );
    expect(counts).toEqual([{ folders: 0, categories: 0, types: 0, blackout_days: 0, events: 0, timezone: null, message_template: null }]);
  });

  it('answers 401 without a token, on every route', async () => {
    for (const route of EVERY_ROUTE) {
      expect([label(route), (await call(route)).status]).toEqual([label(route), 401]);
    }
  });

  it("answers 404 'Team not found' on every route for a team team-admin does not know", async () => {
    const admin = await tokenFor(424242, 'ADMIN');
    for (const route of EVERY_ROUTE) {
      const response = await call(route, admin);
      expect([label(route), response.status, response.body]).toEqual([label(route), 404, { status: 'error', message: 'Team not found' }]);
    }
  });

  it('keeps the document setup, reads included, to ADMIN and TRANC', async () => {
    const team = await sut.newTeam();
    const reads = DOCUMENT_SETUP.filter((r) => r.method === 'get' && r.path.startsWith('/api/documents/'));
    expect(reads.map(label)).toEqual([
      'GET /api/documents/folders',
      'GET /api/documents/folders?folder_id=-1',
      'GET /api/documents/categories',
      'GET /api/documents/types/manage',
    ]);
    for (const route of reads) {
      for (const token of [team.tokens.agent, team.tokens.isa, team.tokens.vendor, team.tokens.client]) {
        expect([label(route), (await call(route, token)).status]).toEqual([label(route), 403]);
      }
      for (const token of [team.tokens.admin, team.tokens.tc])
        expect([label(route), (await call(route, token)).status]).toEqual([label(route), 200]);
    }
  });
});
