import { describe, expect, it } from 'vitest';
import { MENU, type MenuEntry } from '../layout/menu';
import { LANDING_PAGE_ENTRIES, landingPathOf } from './landingRules';

describe('landingPathOf', () => {
  it('opens the home page for SNAPSHOT and DASHBOARD', () => {
    expect(landingPathOf('SNAPSHOT', ['ADMIN'], [])).toBe('/app');
    expect(landingPathOf('DASHBOARD', ['ADMIN'], [])).toBe('/app');
  });

  it('opens the transactions and contacts screens', () => {
    expect(landingPathOf('TRANSACTIONS', ['AGENT'], [])).toBe('/app/transactions');
    expect(landingPathOf('CONTACTS', ['ADMIN'], [])).toBe('/app/contacts');
  });

  it('opens a screen only when the menu has it enabled for the user, else the home page', () => {
    const enabled = (key: string): MenuEntry[] =>
      MENU.map((entry) => (entry.key === key ? { ...entry, enabled: true, page: () => null } : entry));
    // Tasks and Messages are in the menu as areas to come.
    expect(landingPathOf('TASKS', ['ADMIN'], [], MENU)).toBe(MENU.find((e) => e.key === 'tasks')!.enabled ? '/app/tasks' : '/app');
    expect(landingPathOf('TASKS', ['ADMIN'], [], enabled('tasks'))).toBe('/app/tasks');
    expect(landingPathOf('MESSAGES', ['ADMIN'], [], MENU)).toBe(MENU.find((e) => e.key === 'messages')!.enabled ? '/app/messages' : '/app');
    expect(landingPathOf('MESSAGES', ['ADMIN'], [], enabled('messages'))).toBe('/app/messages');
    // Contacts are not for vendors; transactions not for clients.
    expect(landingPathOf('CONTACTS', ['VENDOR'], [])).toBe('/app');
    expect(landingPathOf('TRANSACTIONS', ['CLIENT'], [])).toBe('/app');
  });

  it('opens the home page for an unknown or missing landing page', () => {
    expect(landingPathOf('REPORTS', ['ADMIN'], [])).toBe('/app');
    expect(landingPathOf(null, ['ADMIN'], [])).toBe('/app');
    expect(landingPathOf('transactions', ['ADMIN'], [])).toBe('/app/transactions');
  });

  it('knows every landing page of GET /user/landing-page-choices', () => {
    expect(Object.keys(LANDING_PAGE_ENTRIES).sort()).toEqual(['CONTACTS', 'DASHBOARD', 'MESSAGES', 'SNAPSHOT', 'TASKS', 'TRANSACTIONS']);
  });
});
