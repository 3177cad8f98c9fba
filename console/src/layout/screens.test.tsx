// @vitest-environment jsdom
import { ADMIN_ROLES, DOCUMENT_SETUP_ROLES } from '@app/contracts';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentTitle, screenTitleOf } from './DocumentTitle';
import { MENU } from './menu';
import { canSee, documentTitleOf, SCREENS } from './screens';

afterEach(cleanup);

const menuPath = (to: string) => (to === '' ? '/app' : `/app/${to}`);

describe('SCREENS', () => {
  it('has unique keys and paths', () => {
    expect(new Set(SCREENS.map((screen) => screen.key)).size).toBe(SCREENS.length);
    expect(new Set(SCREENS.map((screen) => screen.path)).size).toBe(SCREENS.length);
  });

  it('lists every enabled menu entry with the same roles and permissions', () => {
    // An entry with an href opens a page outside the console (Display Mode), not a screen of it.
    for (const entry of MENU.filter((item) => item.enabled && !item.href)) {
      const screen = SCREENS.find((item) => item.path === menuPath(entry.to));
      expect({ key: entry.key, listed: !!screen }).toEqual({ key: entry.key, listed: true });
      expect({ key: entry.key, roles: screen!.roles, permissions: screen!.permissions }).toEqual({
        key: entry.key,
        roles: entry.roles,
        permissions: entry.permissions,
      });
    }
  });

  it('gives the sub-routes of a screen the roles of its menu entry', () => {
    const rolesOf = (prefix: string) =>
      SCREENS.filter((screen) => screen.path.startsWith(prefix)).map((screen) => [screen.key, screen.roles]);
    for (const [key, roles] of rolesOf('/app/admin/users')) expect([key, roles]).toEqual([key, ADMIN_ROLES]);
    for (const [key, roles] of rolesOf('/app/admin/document-')) expect([key, roles]).toEqual([key, DOCUMENT_SETUP_ROLES]);
  });

  it('names every screen, and the menu-listed ones after their menu label', () => {
    for (const screen of SCREENS) expect(screen.title.trim()).not.toBe('');
    const folders = SCREENS.find((screen) => screen.key === 'document-folders')!;
    expect(documentTitleOf(folders.title)).toBe('Document Folders · Realty');
    expect(documentTitleOf(null)).toBe('Realty');
  });

  it('keeps the sign-in area signed out and without roles', () => {
    for (const screen of SCREENS.filter((item) => item.path.startsWith('/auth/'))) {
      expect({ key: screen.key, signedOut: screen.signedOut, roles: screen.roles }).toEqual({
        key: screen.key,
        signedOut: true,
        roles: undefined,
      });
    }
  });
});

describe('canSee', () => {
  it('needs one of the roles and all of the permissions', () => {
    expect(canSee({ roles: ['ADMIN', 'TRANC'] }, ['TRANC'])).toBe(true);
    expect(canSee({ roles: ['ADMIN'] }, ['AGENT'])).toBe(false);
    expect(canSee({ permissions: ['team_esign', 'agent_esign'] }, ['AGENT'], ['team_esign'])).toBe(false);
    expect(canSee({}, undefined)).toBe(true);
  });
});

describe('screenTitleOf', () => {
  it('picks the most specific route', () => {
    expect(screenTitleOf('/app')).toBe('Dashboard');
    expect(screenTitleOf('/app/admin/users')).toBe('Users');
    expect(screenTitleOf('/app/transactions')).toBe('Transactions');
    expect(screenTitleOf('/app/admin/users/new')).toBe('Add User');
    expect(screenTitleOf('/app/admin/users/12')).toBe('Edit User');
    expect(screenTitleOf('/app/admin/users/history/12')).toBe('User History');
    expect(screenTitleOf('/app/admin/users/change-password/12')).toBe('Change Password');
    expect(screenTitleOf('/app/admin/users/reassign-transactions/12')).toBe('Reassign Transactions');
    expect(screenTitleOf('/app/account/profile')).toBe('Profile');
    expect(screenTitleOf('/app/admin/notifications')).toBe('Team Notifications');
    expect(screenTitleOf('/auth/login')).toBe('Sign in');
    expect(screenTitleOf('/auth/reset-password/abc')).toBe('Password Reset');
    expect(screenTitleOf('/app/record')).toBe('Log Activity');
    expect(screenTitleOf('/app/admin/goals')).toBe('Goals');
    expect(screenTitleOf('/app/admin/display-settings')).toBe('Display Settings');
    expect(screenTitleOf('/app/nowhere')).toBeNull();
  });
});

describe('DocumentTitle', () => {
  it('names the tab after the route and follows navigation', async () => {
    let go: (path: string) => void = () => undefined;
    const Navigator = () => {
      const navigate = useNavigate();
      go = (path) => void navigate(path);
      return null;
    };
    render(
      <MemoryRouter initialEntries={['/app/admin/users']}>
        <DocumentTitle />
        <Navigator />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Users · Realty');
    await act(async () => go('/app/admin/document-types'));
    expect(document.title).toBe('Document Types · Realty');
    await act(async () => go('/app/nowhere'));
    expect(document.title).toBe('Realty');
  });
});
