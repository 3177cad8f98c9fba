import type { Permission, Role } from '@app/contracts';
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { AuthClient } from './authClient';
import { LOGIN_PATH } from './routes';

/** What getPermissions() resolves to: the server checks them again on every call. */
export interface ConsolePermissions {
  roles: Role[];
  permissions: Permission[];
}

export interface ConsoleIdentity extends UserIdentity {
  id: number;
  fullName: string;
  avatar?: string;
  email: string;
  teamName: string;
}

// react-admin logs out on this rejection; `message: false` because the sign-in screen says enough.
const signedOut = () => ({ redirectTo: LOGIN_PATH, message: false as const });

function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** react-admin's AuthProvider on the identity service's tokens (session kept by AuthClient). */
export function createAuthProvider(client: AuthClient): AuthProvider {
  // profile_image_path is a storage key; the image itself is behind a signed, expiring URL.
  const avatarUrls = new Map<string, Promise<string | undefined>>();
  const avatarOf = (key: string | null | undefined): Promise<string | undefined> => {
    if (!key) return Promise.resolve(undefined);
    if (!avatarUrls.has(key)) {
      avatarUrls.set(
        key,
        client
          .fetch('/api/user/profile/image')
          .then(async (response) => (response.ok ? (((await response.json()) as { url: string | null }).url ?? undefined) : undefined))
          .catch(() => undefined),
      );
    }
    return avatarUrls.get(key)!;
  };

  return {
    async login(params: { email?: string; username?: string; password: string }) {
      await client.login(params.email ?? params.username ?? '', params.password);
    },

    async logout() {
      await client.logout();
      // Absolute path: the sign-in screen lives outside react-admin's /app basename.
      return LOGIN_PATH;
    },

    async checkAuth() {
      if (!client.getSession()) throw signedOut();
    },

    async checkError(error: unknown) {
      // AuthClient already refreshed and retried once: a 401 here means the session is over.
      // 403 is a permission answer, not a reason to sign out.
      if (statusOf(error) === 401) {
        await client.logout();
        throw signedOut();
      }
    },

    async getIdentity(): Promise<ConsoleIdentity> {
      const session = client.getSession();
      if (!session) throw signedOut();
      const { user } = session;
      return {
        id: user.agent_id,
        fullName: [user.first_name, user.last_name].filter(Boolean).join(' '),
        avatar: await avatarOf(user.profile_image_path),
        email: user.email,
        teamName: user.team?.name ?? '',
      };
    },

    async getPermissions(): Promise<ConsolePermissions> {
      const session = client.getSession();
      if (!session) throw signedOut();
      return { roles: session.user.roles ?? [], permissions: session.user.permissions ?? [] };
    },
  };
}
