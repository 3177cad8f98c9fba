import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { browserStorage, readSession, type SessionStorage } from '../auth/session';
import { hasEsignAccess } from './access';
import { isEsignAdminPath } from './paths';

/**
 * Spec 002 section 6: a signed-in user without both team_esign and agent_esign who opens an admin e-sign
 * page (the templates list, the builder) goes to the root, not to a refusal. Other paths pass through, and
 * so does a visitor without a session (the console sends them to sign in). The server refuses every e-sign
 * call of such a user regardless.
 *
 * A layout route around the console's routes in App.tsx (it renders the matched child), or a wrapper of
 * one page (`children`). It reads the stored session only: no react-admin context is needed.
 */
export const EsignAdminGate = ({ children, storage }: { children?: ReactNode; storage?: SessionStorage }) => {
  const { pathname } = useLocation();
  if (isEsignAdminPath(pathname)) {
    const session = readSession(storage ?? browserStorage());
    if (session && !hasEsignAccess(session.user.permissions)) return <Navigate to="/" replace />;
  }
  return children === undefined ? <Outlet /> : <>{children}</>;
};
