import { esignRoleColourClass, type EsignRole, type EsignRoleColourClass } from '@app/contracts';
import { DEFAULT_ROLE_NAMES } from './messages';

/** Signer colours s1..s6 (spec section 9), one per colour class. */
export const ROLE_COLOURS: Record<EsignRoleColourClass, string> = {
  s1: '#1976d2',
  s2: '#d32f2f',
  s3: '#2e7d32',
  s4: '#ed6c02',
  s5: '#7b1fa2',
  s6: '#00838f',
};

/** The colour class of a role: by its order among the template's roles (s1 to s6, then again). */
export function roleColourClass(roles: readonly Pick<EsignRole, 'uuid'>[], roleUuid: string): EsignRoleColourClass {
  return esignRoleColourClass(
    Math.max(
      0,
      roles.findIndex((role) => role.uuid === roleUuid),
    ),
  );
}

export function roleColour(roles: readonly Pick<EsignRole, 'uuid'>[], roleUuid: string): string {
  return ROLE_COLOURS[roleColourClass(roles, roleUuid)];
}

/**
 * A new role's name by its place: the third role is 'Third Party' (then 'Party 7', ...); when that name is
 * taken, the first of 'First Party', 'Second Party', ... that is free.
 */
export function nextRoleName(roles: readonly Pick<EsignRole, 'name'>[]): string {
  const taken = new Set(roles.map((role) => role.name.trim().toLowerCase()));
  const byPlace = DEFAULT_ROLE_NAMES[roles.length];
  if (byPlace && !taken.has(byPlace.toLowerCase())) return byPlace;
  for (const name of DEFAULT_ROLE_NAMES) if (!taken.has(name.toLowerCase())) return name;
  let n = DEFAULT_ROLE_NAMES.length + 1;
  while (taken.has(`party ${n}`)) n += 1;
  return `Party ${n}`;
}
