import type { Permission, Role } from '@app/contracts';
import { APP_PATH } from '../auth/routes';
import { canSee, MENU, type MenuEntry } from '../layout/menu';

/**
 * The menu entry each default landing page (GET /user/profile/defaults, default_landing_page) opens;
 * null is the home page. SNAPSHOT and DASHBOARD are both the home page (/app).
 */
export const LANDING_PAGE_ENTRIES: Readonly<Record<string, string | null>> = {
  SNAPSHOT: null,
  DASHBOARD: null,
  TRANSACTIONS: 'transactions',
  TASKS: 'tasks',
  CONTACTS: 'contacts',
  MESSAGES: 'messages',
};

/**
 * Where a default landing page leads: its screen under /app when the menu has it enabled for this user,
 * else the home page (/app).
 */
export function landingPathOf(
  page: string | null | undefined,
  roles: readonly Role[] | null | undefined,
  permissions: readonly Permission[] | null | undefined,
  entries: readonly MenuEntry[] = MENU,
): string {
  const key = LANDING_PAGE_ENTRIES[(page ?? '').toUpperCase()];
  if (!key) return APP_PATH;
  const entry = entries.find((item) => item.key === key);
  if (!entry || !entry.enabled || !canSee(entry, roles, permissions)) return APP_PATH;
  return entry.to ? `${APP_PATH}/${entry.to}` : APP_PATH;
}
