import { ROUTE_TABLE, resolveRoute, socketPathOf } from './routes';
import { SERVICE_NAMES } from './services';

describe(resolveRoute.name, () => {
  const sut = resolveRoute;
  const serviceOf = (path: string) => sut(path)?.service;

  describe('longest prefix wins', () => {
    it.each([
      ['/api/user/forms', 'transactions'],
      ['/api/user/forms/12/fields', 'transactions'],
      ['/api/user/profile', 'identity'],
      ['/api/user/notification_settings', 'identity'],
      ['/api/admin/users/download', 'identity'],
      ['/api/admin/user/42/password', 'identity'],
      ['/api/admin/licenses', 'identity'],
      ['/api/admin/team/logo', 'team-admin'],
      ['/api/admin/document/types', 'team-admin'],
      ['/api/admin/notification_settings', 'team-admin'],
      ['/api/dashboards/agent', 'transactions'],
      ['/api/dashboard', 'transactions'],
      ['/api/transaction/7', 'transactions'],
      ['/api/transactions', 'transactions'],
    ])('%s -> %s', (path, service) => {
      expect(serviceOf(path)).toBe(service);
    });

    it('reports the prefix that matched', () => {
      expect(sut('/api/user/forms/3')?.prefix).toBe('/api/user/forms');
      expect(sut('/api/user/profile')?.prefix).toBe('/api/user');
      expect(sut('/api/admin/users/download')?.prefix).toBe('/api/admin/users');
    });
  });

  describe('segment boundaries', () => {
    it.each([
      // Continues a prefix inside a segment: not that prefix.
      ['/api/transactionsfoo', undefined],
      ['/api/authx/login', undefined],
      ['/api/esigner', undefined],
      ['/api/messagesX', undefined],
      // Falls back to a shorter prefix that does end at a boundary.
      ['/api/user/formsX', 'identity'],
      ['/api/admin/teams', undefined],
      ['/api/identityx/health', undefined],
    ])('%s -> %s', (path, service) => {
      expect(serviceOf(path)).toBe(service);
    });

    it('does not confuse /api/admin/users with /api/admin/user', () => {
      expect(sut('/api/admin/users')?.prefix).toBe('/api/admin/users');
      expect(sut('/api/admin/user')?.prefix).toBe('/api/admin/user');
      expect(sut('/api/admin/user/5')?.prefix).toBe('/api/admin/user');
    });

    it('matches a prefix followed by a trailing slash', () => {
      expect(serviceOf('/api/transactions/')).toBe('transactions');
    });
  });

  describe('query strings', () => {
    it.each([
      ['/api/user/profile?fields=all', 'identity'],
      ['/api/user/forms?page=2&per_page=10', 'transactions'],
      ['/api/transactions?page=1&order_dir=-1', 'transactions'],
      ['/api/admin/users?quick_search_filter=ann&status_filter=active', 'identity'],
      ['/api/admin/notification_settings?x=/api/user', 'team-admin'],
    ])('%s -> %s', (path, service) => {
      expect(serviceOf(path)).toBe(service);
    });

    it('does not let the query string pick a longer prefix', () => {
      expect(sut('/api/user?next=/forms')?.prefix).toBe('/api/user');
    });
  });

  describe.each(SERVICE_NAMES.map((s) => [s]))('the %s area', (service) => {
    it.each(['health', 'health/live', 'openapi.json', 'docs', 'socket.io/?EIO=4&transport=websocket'])(
      `/api/${service}/%s goes to ${service}`,
      (rest) => {
        expect(serviceOf(`/api/${service}/${rest}`)).toBe(service);
      },
    );

    it('routes its socket.io path to itself', () => {
      expect(serviceOf(socketPathOf(service))).toBe(service);
    });
  });

  describe('unknown paths', () => {
    it.each([
      '/',
      '',
      '/api',
      '/api/',
      '/api/nothing-here',
      '/display',
      '/app/admin/users',
      '/healthz',
      '/user/profile',
      'api/user/profile',
    ])('%j -> undefined', (path) => {
      expect(sut(path)).toBeUndefined();
    });
  });
});

describe('ROUTE_TABLE', () => {
  const sut = ROUTE_TABLE;

  it.each(sut.map((entry) => [entry.prefix, entry.service]))('%s (%s) is under /api/ with no trailing slash', (prefix) => {
    expect(prefix.startsWith('/api/')).toBe(true);
    expect(prefix.endsWith('/')).toBe(false);
    expect(prefix).not.toMatch(/[?#\s]/);
  });

  it('names only known services', () => {
    for (const entry of sut) expect(SERVICE_NAMES).toContain(entry.service);
  });

  it('gives no prefix to two different services', () => {
    const owners = new Map<string, Set<string>>();
    for (const { prefix, service } of sut) owners.set(prefix, (owners.get(prefix) ?? new Set()).add(service));
    const shared = [...owners].filter(([, services]) => services.size > 1).map(([prefix]) => prefix);
    expect(shared).toEqual([]);
  });

  it('resolves every prefix to its own entry', () => {
    for (const entry of sut) expect(resolveRoute(entry.prefix)).toEqual(entry);
  });

  it('gives every service its own /api/<service> area', () => {
    for (const service of SERVICE_NAMES) {
      expect(sut).toContainEqual({ prefix: `/api/${service}`, service });
    }
  });
});
