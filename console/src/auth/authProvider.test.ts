import { describe, expect, it, vi } from 'vitest';
import { buildProfile, buildSession } from '../test/factories';
import type { Mock } from 'vitest';
import type { AuthClient } from './authClient';
import { createAuthProvider } from './authProvider';
import { LOGIN_PATH } from './routes';
import type { Session } from './session';

type FakeClient = { [K in keyof AuthClient]: Mock<AuthClient[K]> };

function fakeClient(session: Session | null): FakeClient {
  let current = session;
  return {
    login: vi.fn<AuthClient['login']>(async () => current!),
    logout: vi.fn<AuthClient['logout']>(async () => {
      current = null;
    }),
    fetch: vi.fn<AuthClient['fetch']>(),
    refresh: vi.fn<AuthClient['refresh']>(),
    getSession: vi.fn<AuthClient['getSession']>(() => current),
  };
}

describe('createAuthProvider', () => {
  it('signs in through the auth client with the email and password', async () => {
    const client = fakeClient(null);
    const sut = createAuthProvider(client);

    await sut.login({ email: 'admin@demo-realty.test', password: 'DemoPass1!' });

    expect(client.login).toHaveBeenCalledWith('admin@demo-realty.test', 'DemoPass1!');
  });

  it('logs out through the auth client and sends react-admin to /auth/login', async () => {
    const client = fakeClient(buildSession());
    const sut = createAuthProvider(client);

    await expect(sut.logout({})).resolves.toBe(LOGIN_PATH);
    expect(client.logout).toHaveBeenCalledTimes(1);
  });

  it('passes checkAuth with a session and redirects to /auth/login without one', async () => {
    await expect(createAuthProvider(fakeClient(buildSession())).checkAuth({})).resolves.toBeUndefined();
    await expect(createAuthProvider(fakeClient(null)).checkAuth({})).rejects.toEqual({
      redirectTo: LOGIN_PATH,
      message: false,
    });
  });

  it('ends the session on a 401 but not on a 403', async () => {
    const client = fakeClient(buildSession());
    const sut = createAuthProvider(client);

    await expect(sut.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(client.logout).not.toHaveBeenCalled();

    await expect(sut.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: LOGIN_PATH });
    expect(client.logout).toHaveBeenCalledTimes(1);
  });

  it('builds the identity from the stored user (name, avatar from the signed image URL of profile_image_path)', async () => {
    const user = buildProfile({ agent_id: 12, first_name: 'Dana', last_name: 'Admin', profile_image_path: 'agents/12/avatar' });
    const client = fakeClient(buildSession({ user }));
    client.fetch.mockResolvedValue(new Response(JSON.stringify({ url: 'https://files.test/signed/12.png' }), { status: 200 }));
    const sut = createAuthProvider(client);

    await expect(sut.getIdentity!()).resolves.toEqual({
      id: 12,
      fullName: 'Dana Admin',
      avatar: 'https://files.test/signed/12.png',
      email: user.email,
      teamName: 'Demo Realty',
    });
    await sut.getIdentity!();
    expect(client.fetch).toHaveBeenCalledTimes(1);
    expect(client.fetch).toHaveBeenCalledWith('/api/user/profile/image');
  });

  it('leaves the avatar out when the user has no image', async () => {
    const sut = createAuthProvider(fakeClient(buildSession({ user: buildProfile({ profile_image_path: null }) })));

    const identity = await sut.getIdentity!();

    expect(identity.avatar).toBeUndefined();
  });

  it('gives the roles and permissions as permissions', async () => {
    const user = buildProfile({ roles: ['AGENT'], permissions: ['allow_agent_edit_cap_amt'] });
    const sut = createAuthProvider(fakeClient(buildSession({ user })));

    await expect(sut.getPermissions!({})).resolves.toEqual({
      roles: ['AGENT'],
      permissions: ['allow_agent_edit_cap_amt'],
    });
  });
});
