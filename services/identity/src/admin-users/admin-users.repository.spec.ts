import { orderByOf, ROLE_RANK, whereOf, type UserListFilter } from './admin-users.repository';

const filter = (overrides: Partial<UserListFilter> = {}): UserListFilter => ({
  teamId: 3,
  statusFilter: 'active',
  search: '',
  orderBy: 'roles',
  orderDir: -1,
  ...overrides,
});

describe(orderByOf.name, () => {
  const sut = orderByOf;

  it('orders by role rank, then last and first name, for roles (the index order when descending)', () => {
    expect(sut('roles', -1)).toBe(`${ROLE_RANK} DESC, lower(last_name), lower(first_name), agent_id`);
    expect(sut('roles', 1)).toBe(`${ROLE_RANK} ASC, lower(last_name), lower(first_name), agent_id`);
  });

  it('orders by another column first, missing values last, then roles and name', () => {
    expect(sut('last_access_ts', 1)).toBe(
      `last_access_ts ASC NULLS LAST, ${ROLE_RANK} DESC, lower(last_name), lower(first_name), agent_id`,
    );
    expect(sut('excluded', -1)).toMatch(/^leader_board_exclude DESC NULLS LAST, /);
    expect(sut('download', -1)).toMatch(/^can_download DESC NULLS LAST, /);
  });
});

describe(whereOf.name, () => {
  const sut = whereOf;

  it.each([
    ['all', 'team_id = $1 AND roles[1] = ANY($2::text[])'],
    ['active', "team_id = $1 AND roles[1] = ANY($2::text[]) AND status = 'active'"],
    ['disabled', "team_id = $1 AND roles[1] = ANY($2::text[]) AND status = 'inactive'"],
    ['excluded', 'team_id = $1 AND roles[1] = ANY($2::text[]) AND leader_board_exclude'],
  ] as const)('filters %s', (statusFilter, sql) => {
    expect(sut(filter({ statusFilter }))).toEqual({ sql, params: [3, ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR']] });
  });

  it('passes the search as a parameter, lower case, with LIKE wildcards escaped', () => {
    const { sql, params } = sut(filter({ search: "  50%_Off\\'; DROP " }));
    expect(params[2]).toBe("%50\\%\\_off\\\\'; drop%");
    expect(sql).not.toContain('DROP');
    expect(sql).toContain('lower(email) LIKE $3');
  });

  it('also matches the digits of the phone for a search made of phone characters', () => {
    expect(sut(filter({ search: '(212) 555' })).params).toEqual([3, expect.any(Array), '%(212) 555%', '%212555%']);
    expect(sut(filter({ search: 'Ann 555' })).params).toHaveLength(3);
    expect(sut(filter({ search: '55' })).params).toHaveLength(3);
  });
});
