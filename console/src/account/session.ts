import type { UserProfile } from '@app/contracts';
import { browserStorage, readSession, writeSession } from '../auth/session';

/** Keeps the stored session's user (app-bar name and avatar) in step with a saved profile. */
export function updateSessionUser(patch: Partial<UserProfile>): void {
  const storage = browserStorage();
  const session = readSession(storage);
  if (!session) return;
  writeSession(storage, { ...session, user: { ...session.user, ...patch } });
}
