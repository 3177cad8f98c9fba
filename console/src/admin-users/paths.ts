// Routes of the user administration screens (spec 000 section 2), under the console's basename (/app).

const USERS = 'admin/users';

const withName = (path: string, name: string) => `${path}?${new URLSearchParams({ name }).toString()}`;

export const usersPath = (basename: string) => `${basename}/${USERS}`;
export const newUserPath = (basename: string) => `${basename}/${USERS}/new`;
export const userPath = (basename: string, agentId: number | string) => `${basename}/${USERS}/${agentId}`;
export const changePasswordPath = (basename: string, agentId: number | string, name: string) =>
  withName(`${basename}/${USERS}/change-password/${agentId}`, name);
export const historyPath = (basename: string, agentId: number | string, name: string) =>
  withName(`${basename}/${USERS}/history/${agentId}`, name);
export const reassignPath = (basename: string, agentId: number | string, name: string) =>
  withName(`${basename}/${USERS}/reassign-transactions/${agentId}`, name);
/** Log Activity opens the activity record screen for the user (app/record?user=&name=). */
export const logActivityPath = (basename: string, agentId: number | string, name: string) =>
  `${basename}/record?${new URLSearchParams({ user: String(agentId), name }).toString()}`;

/** A route's :id as an agent id, or null when it is not one (the screen shows "not found"). */
export function agentIdOf(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
