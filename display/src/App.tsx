import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY } from '@app/contracts';
import { createDisplayApi } from './api/display-api';
import { DisplayScreen } from './screen/DisplayScreen';
import type { SessionManager } from './session/session-manager';
import { SignInScreen } from './sign-in/SignInScreen';
import { DisplaySocketProvider } from './socket/DisplaySocketProvider';

export function App({ session }: { session: SessionManager }) {
  const current = useSyncExternalStore(session.subscribe, session.getSession);
  const api = useMemo(() => createDisplayApi(session, (input, init) => window.fetch(input, init)), [session]);

  useEffect(() => session.startAutoRefresh(), [session]);

  // The console shares the session: follow its sign-in, refresh and sign-out from other tabs.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === SESSION_STORAGE_KEY) session.notifyExternalChange();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [session]);

  if (!current) {
    return <SignInScreen onSignIn={(email, password) => session.login(email, password)} />;
  }
  return (
    // A different user gets a fresh socket and fresh screen state.
    <DisplaySocketProvider key={current.user.agent_id} session={session}>
      <DisplayScreen user={current.user} api={api} />
    </DisplaySocketProvider>
  );
}
