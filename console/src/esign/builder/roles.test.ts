import { describe, expect, it } from 'vitest';
import { nextRoleName, roleColour, roleColourClass, ROLE_COLOURS } from './roles';

const roles = Array.from({ length: 8 }, (_, i) => ({ uuid: `r${i}`, name: `Role ${i}` }));

describe('builder roles', () => {
  it('colours roles s1 to s6 by their order, then again from s1', () => {
    expect(roles.map((role) => roleColourClass(roles, role.uuid))).toEqual(['s1', 's2', 's3', 's4', 's5', 's6', 's1', 's2']);
    expect(roleColour(roles, 'r1')).toBe(ROLE_COLOURS.s2);
    // A role removed: the ones after it move up one colour.
    const rest = roles.filter((role) => role.uuid !== 'r0');
    expect(roleColourClass(rest, 'r1')).toBe('s1');
  });

  it('names new roles by their place (First Party, Second Party, ...), else the first name free', () => {
    expect(nextRoleName([])).toBe('First Party');
    expect(nextRoleName([{ name: 'First Party' }])).toBe('Second Party');
    expect(nextRoleName([{ name: 'Buyer' }])).toBe('Second Party');
    expect(nextRoleName([{ name: 'second party' }])).toBe('First Party');
    const six = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth'].map((n) => ({ name: `${n} Party` }));
    expect(nextRoleName(six)).toBe('Party 7');
  });
});
