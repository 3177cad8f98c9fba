import { describe, expect, it } from 'vitest';
import { agentIdOf, changePasswordPath, historyPath, logActivityPath, newUserPath, reassignPath, userPath, usersPath } from './paths';

describe('user administration paths', () => {
  it('are the spec routes under the console basename', () => {
    expect(usersPath('/app')).toBe('/app/admin/users');
    expect(newUserPath('/app')).toBe('/app/admin/users/new');
    expect(userPath('/app', 42)).toBe('/app/admin/users/42');
  });

  it("carry the user's name in ?name=", () => {
    const password = new URL(changePasswordPath('/app', 42, 'Ann Lee & Co'), 'http://x');
    expect(password.pathname).toBe('/app/admin/users/change-password/42');
    expect(password.searchParams.get('name')).toBe('Ann Lee & Co');
    const history = new URL(historyPath('/app', 7, 'Bo'), 'http://x');
    expect(history.pathname).toBe('/app/admin/users/history/7');
    expect(history.searchParams.get('name')).toBe('Bo');
    const reassign = new URL(reassignPath('/app', 12, 'Ann Lee'), 'http://x');
    expect(reassign.pathname).toBe('/app/admin/users/reassign-transactions/12');
    expect(reassign.searchParams.get('name')).toBe('Ann Lee');
  });

  it('sends Log Activity to app/record with user and name', () => {
    const url = new URL(logActivityPath('/app', 9, 'Ann Lee'), 'http://x');
    expect(url.pathname).toBe('/app/record');
    expect(Object.fromEntries(url.searchParams)).toEqual({ user: '9', name: 'Ann Lee' });
  });

  it('reads only positive whole ids from the route', () => {
    expect(agentIdOf('12')).toBe(12);
    expect(agentIdOf('0')).toBeNull();
    expect(agentIdOf('12abc')).toBeNull();
    expect(agentIdOf('-1')).toBeNull();
    expect(agentIdOf(undefined)).toBeNull();
  });
});
