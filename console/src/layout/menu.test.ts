import { ADMIN_ROLES, DOCUMENT_SETUP_ROLES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { canSee, MENU, MENU_SECTIONS, menuEntriesOf, visibleEntriesOf } from './menu';

describe('MENU', () => {
  it('has unique keys and paths', () => {
    expect(new Set(MENU.map((entry) => entry.key)).size).toBe(MENU.length);
    expect(new Set(MENU.map((entry) => `${entry.section}:${entry.to}`)).size).toBe(MENU.length);
  });

  it('lists the areas to come in every section', () => {
    expect(MENU_SECTIONS.map((section) => menuEntriesOf(section).map((entry) => entry.label))).toEqual([
      ['Dashboard', 'Transactions', 'Tasks', 'Boards', 'Contacts', 'Messages', 'Display Mode', 'E-Sign'],
      [
        'Users',
        'Team Settings',
        'Document Folders',
        'Document Types',
        'Message Template',
        'Notifications',
        'Goals',
        'Display Settings',
        'Vendor Invites',
        'SkySlope',
        'E-sign Templates',
        'Tooltips',
      ],
      ['Profile', 'Settings', 'Notifications', 'Change Password'],
    ]);
  });

  it('enables only entries that lead to a screen (the home page is the dashboard)', () => {
    for (const entry of MENU) {
      const hasScreen = entry.to === '' || !!entry.resource || !!entry.page || !!entry.href;
      expect({ key: entry.key, enabled: entry.enabled }).toEqual({ key: entry.key, enabled: hasScreen });
    }
  });

  it('serves each resource entry at its own path', () => {
    for (const entry of MENU.filter((item) => item.resource)) {
      expect(entry.to).toBe(entry.resource!.name);
    }
  });

  it('serves the team administration screens at their paths', () => {
    const paths = Object.fromEntries(menuEntriesOf('admin').map((entry) => [entry.key, entry.to]));
    expect(paths).toEqual({
      'admin-users': 'admin/users',
      'team-settings': 'admin/team',
      'document-folders': 'admin/document-folders',
      'document-types': 'admin/document-types',
      'document-message-template': 'admin/document-message-template',
      'team-notifications': 'admin/notifications',
      goals: 'admin/goals',
      'display-settings': 'admin/display-settings',
      'vendor-invites': 'admin/vendor-invites',
      skyslope: 'admin/skyslope',
      'esign-templates': 'admin/esign-templates',
      tooltips: 'backoffice/tooltips',
    });
  });

  it('gives every admin entry its roles: team screens to ADMIN, document setup to ADMIN and TRANC', () => {
    const rolesOf = (key: string) => MENU.find((entry) => entry.key === key)?.roles;
    for (const key of ['admin-users', 'team-settings', 'team-notifications', 'goals', 'display-settings'])
      expect(rolesOf(key)).toEqual(ADMIN_ROLES);
    for (const key of ['document-folders', 'document-types', 'document-message-template']) {
      expect(rolesOf(key)).toEqual(DOCUMENT_SETUP_ROLES);
    }
    expect(rolesOf('vendor-invites')).toEqual(['ADMIN', 'TRANC']);
    // Every admin entry is gated: by roles, or (the tooltip back office) by a permission.
    for (const entry of menuEntriesOf('admin')) expect((entry.roles?.length ?? 0) + (entry.permissions?.length ?? 0)).toBeGreaterThan(0);
    expect(MENU.find((entry) => entry.key === 'tooltips')?.permissions).toEqual(['manage_tooltips']);
  });
});

describe('canSee', () => {
  it('shows an entry without roles to everyone, even before the roles are known', () => {
    expect(canSee({}, ['AGENT'])).toBe(true);
    expect(canSee({}, undefined)).toBe(true);
  });

  it('shows an entry with roles only to a user holding one of them', () => {
    expect(canSee({ roles: ['ADMIN', 'TRANC'] }, ['TRANC'])).toBe(true);
    expect(canSee({ roles: ['ADMIN', 'TRANC'] }, ['AGENT', 'ADMIN'])).toBe(true);
    expect(canSee({ roles: ['ADMIN'] }, ['TRANC', 'AGENT'])).toBe(false);
    expect(canSee({ roles: ['ADMIN'] }, [])).toBe(false);
    expect(canSee({ roles: ['ADMIN'] }, null)).toBe(false);
  });
});

describe('canSee with permissions', () => {
  it('needs every permission of the entry, besides one of its roles', () => {
    const esign = { permissions: ['team_esign', 'agent_esign'] as const };
    expect(canSee(esign, ['AGENT'], ['team_esign', 'agent_esign'])).toBe(true);
    expect(canSee(esign, ['AGENT'], ['team_esign'])).toBe(false);
    expect(canSee(esign, ['AGENT'], undefined)).toBe(false);
    expect(canSee({ roles: ['ADMIN'], permissions: ['manage_tooltips'] }, ['AGENT'], ['manage_tooltips'])).toBe(false);
    expect(canSee({ roles: ['ADMIN'], permissions: ['manage_tooltips'] }, ['ADMIN'], ['manage_tooltips'])).toBe(true);
  });

  it('hides the e-sign entry from a user without agent_esign', () => {
    const work = (permissions: Parameters<typeof visibleEntriesOf>[3]) =>
      visibleEntriesOf('work', ['AGENT'], MENU, permissions).map((e) => e.key);
    expect(work(['team_esign', 'agent_esign'])).toContain('esign');
    expect(work(['team_esign'])).not.toContain('esign');
  });

  it('shows E-sign Templates to any role holding both e-sign permissions, and hides it otherwise', () => {
    const admin = (roles: Parameters<typeof visibleEntriesOf>[1], permissions: Parameters<typeof visibleEntriesOf>[3]) =>
      visibleEntriesOf('admin', roles, MENU, permissions).map((e) => e.key);
    const entry = MENU.find((item) => item.key === 'esign-templates')!;
    expect({ enabled: entry.enabled, to: entry.to, page: !!entry.page, label: entry.label }).toEqual({
      enabled: true,
      to: 'admin/esign-templates',
      page: true,
      label: 'E-sign Templates',
    });
    expect(admin(['AGENT'], ['team_esign', 'agent_esign'])).toContain('esign-templates');
    expect(admin(['ADMIN'], ['team_esign', 'agent_esign'])).toContain('esign-templates');
    // isa@demo-realty.test: the team's plan, not the user's switch; Rival Homes: the switch without the plan.
    expect(admin(['ISISA'], ['team_esign'])).not.toContain('esign-templates');
    expect(admin(['ADMIN'], ['agent_esign'])).not.toContain('esign-templates');
    expect(admin(['ADMIN'], [])).not.toContain('esign-templates');
  });
});

describe('the Transactions entry', () => {
  it('opens the Transactions page for every role but CLIENT', () => {
    const entry = MENU.find((item) => item.key === 'transactions')!;
    expect({ enabled: entry.enabled, to: entry.to, page: !!entry.page }).toEqual({ enabled: true, to: 'transactions', page: true });
    for (const role of ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR'] as const) {
      expect({ role, shown: visibleEntriesOf('work', [role]).some((item) => item.key === 'transactions') }).toEqual({ role, shown: true });
    }
    expect(visibleEntriesOf('work', ['CLIENT']).map((item) => item.key)).not.toContain('transactions');
  });
});

describe('the Display Mode entry', () => {
  it('opens /display with a full page load, for the roles that read dashboards', () => {
    const entry = MENU.find((item) => item.key === 'display-mode')!;
    expect({ enabled: entry.enabled, href: entry.href, page: entry.page, resource: entry.resource, section: entry.section }).toEqual({
      enabled: true,
      href: '/display',
      page: undefined,
      resource: undefined,
      section: 'work',
    });
    for (const role of ['ADMIN', 'TRANC', 'ISISA', 'AGENT'] as const) {
      expect({ role, shown: visibleEntriesOf('work', [role]).some((item) => item.key === 'display-mode') }).toEqual({ role, shown: true });
    }
    for (const role of ['CLIENT', 'VENDOR'] as const)
      expect(visibleEntriesOf('work', [role]).map((item) => item.key)).not.toContain('display-mode');
  });
});

describe('the Boards entry', () => {
  it('opens the boards for every role but CLIENT', () => {
    const entry = MENU.find((item) => item.key === 'boards')!;
    expect({ enabled: entry.enabled, to: entry.to, page: !!entry.page, section: entry.section }).toEqual({
      enabled: true,
      to: 'boards',
      page: true,
      section: 'work',
    });
    for (const role of ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR'] as const) {
      expect({ role, shown: visibleEntriesOf('work', [role]).some((item) => item.key === 'boards') }).toEqual({ role, shown: true });
    }
    expect(visibleEntriesOf('work', ['CLIENT']).map((item) => item.key)).not.toContain('boards');
  });
});

describe('visibleEntriesOf', () => {
  const keys = (roles: Parameters<typeof visibleEntriesOf>[1]) => visibleEntriesOf('admin', roles).map((entry) => entry.key);

  it('gives an ADMIN every admin entry, the tooltip back office only with manage_tooltips, SkySlope only with transaction_sync', () => {
    expect(
      visibleEntriesOf('admin', ['ADMIN'], MENU, ['manage_tooltips', 'transaction_sync', 'team_esign', 'agent_esign']).map(
        (entry) => entry.key,
      ),
    ).toEqual(menuEntriesOf('admin').map((entry) => entry.key));
    expect(keys(['ADMIN'])).not.toContain('esign-templates');
    expect(keys(['ADMIN'])).not.toContain('tooltips');
    expect(keys(['ADMIN'])).not.toContain('skyslope');
    expect(visibleEntriesOf('admin', ['TRANC'], MENU, ['transaction_sync']).map((entry) => entry.key)).not.toContain('skyslope');
  });

  it('gives a TC the document setup screens and the vendor invites only', () => {
    expect(keys(['TRANC'])).toEqual(['document-folders', 'document-types', 'document-message-template', 'vendor-invites']);
  });

  it('gives agents, ISAs, vendors and clients no admin entry (the section and its heading go)', () => {
    for (const role of ['AGENT', 'ISISA', 'VENDOR', 'CLIENT'] as const) expect(keys([role])).toEqual([]);
    expect(keys(undefined)).toEqual([]);
  });

  it('leaves the work and account sections to everyone, but Contacts and Display Mode to CLIENT and VENDOR', () => {
    expect(visibleEntriesOf('account', ['AGENT'])).toEqual(menuEntriesOf('account'));
    expect(visibleEntriesOf('work', ['VENDOR'], MENU, ['team_esign', 'agent_esign'])).toEqual(
      menuEntriesOf('work').filter((entry) => entry.key !== 'contacts' && entry.key !== 'display-mode'),
    );
    expect(visibleEntriesOf('work', ['AGENT']).map((entry) => entry.key)).toContain('contacts');
  });
});

describe('the dashboard administration entries', () => {
  it('opens Goals and Display Settings for ADMIN only, and mounts Log Activity (app/record) with the user administration', () => {
    for (const key of ['goals', 'display-settings']) {
      const entry = MENU.find((item) => item.key === key)!;
      expect({ key, enabled: entry.enabled, page: !!entry.page, section: entry.section, roles: entry.roles }).toEqual({
        key,
        enabled: true,
        page: true,
        section: 'admin',
        roles: ADMIN_ROLES,
      });
    }
    for (const role of ['TRANC', 'AGENT', 'ISISA', 'CLIENT', 'VENDOR'] as const) {
      expect(
        visibleEntriesOf('admin', [role])
          .map((entry) => entry.key)
          .filter((key) => key === 'goals' || key === 'display-settings'),
      ).toEqual([]);
    }
    expect(MENU.find((item) => item.key === 'admin-users')?.routes).toEqual(['record']);
  });
});
