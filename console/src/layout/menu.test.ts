import { describe, expect, it } from 'vitest';
import { MENU, MENU_SECTIONS, menuEntriesOf } from './menu';

describe('MENU', () => {
  it('has unique keys and paths', () => {
    expect(new Set(MENU.map((entry) => entry.key)).size).toBe(MENU.length);
    expect(new Set(MENU.map((entry) => `${entry.section}:${entry.to}`)).size).toBe(MENU.length);
  });

  it('lists the areas to come in every section', () => {
    expect(MENU_SECTIONS.map((section) => menuEntriesOf(section).map((entry) => entry.label))).toEqual([
      ['Dashboard', 'Transactions', 'Tasks', 'Contacts', 'Messages', 'E-Sign'],
      ['Users', 'Team Settings', 'Document Folders', 'Notifications'],
      ['Profile', 'Settings', 'Notifications', 'Change Password'],
    ]);
  });

  it('enables only entries that lead to a screen (the home page is the dashboard)', () => {
    for (const entry of MENU) {
      const hasScreen = entry.to === '' || !!entry.resource || !!entry.page;
      expect({ key: entry.key, enabled: entry.enabled }).toEqual({ key: entry.key, enabled: hasScreen });
    }
  });

  it('serves each resource entry at its own path', () => {
    for (const entry of MENU.filter((item) => item.resource)) {
      expect(entry.to).toBe(entry.resource!.name);
    }
  });
});
