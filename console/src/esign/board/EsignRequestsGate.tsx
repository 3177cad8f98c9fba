import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { browserStorage, readSession, type SessionStorage } from '../../auth/session';
import { hasEsignAccess } from '../access';
import { isEsignRequestsPath } from '../paths';

/**
 * Spec 002 section 6, as EsignAdminGate does for the admin pages: a signed-in user without both team_esign and
 * agent_esign who opens the request board, /app/esign or a transaction's e-sign pages goes to the root. Other
 * paths pass through, and so does a visitor without a session (the console asks them to sign in).
 *
 * A layout route around the console's routes in App.tsx, or a wrapper of one page (`children`). Tiny on
 * purpose: it runs before the console's chunk loads.
 */
export const EsignRequestsGate = ({ children, storage }: { children?: ReactNode; storage?: SessionStorage }) => {
  const { pathname } = useLocation();
  if (isEsignRequestsPath(pathname)) {
    const session = readSession(storage ?? browserStorage());
    if (session && !hasEsignAccess(session.user.permissions)) return <Navigate to="/" replace />;
  }
  return children === undefined ? <Outlet /> : <>{children}</>;
};
