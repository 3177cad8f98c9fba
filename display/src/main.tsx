import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { SessionManager, defaultLockRunner } from './session/session-manager';
import './styles.css';

const session = new SessionManager({
  storage: window.localStorage,
  fetch: (input, init) => window.fetch(input, init),
  withLock: defaultLockRunner(),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App session={session} />
  </StrictMode>,
);
