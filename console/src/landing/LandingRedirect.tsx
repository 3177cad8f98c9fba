import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Permission, Role } from '@app/contracts';
import { PageLoader } from '../PageLoader';
import { landingPathOf } from './landingRules';

export interface LandingRedirectProps {
  /** The user's default landing page (GET /user/profile/defaults). */
  loadLandingPage: () => Promise<string | null | undefined>;
  roles: readonly Role[] | undefined;
  permissions: readonly Permission[] | undefined;
  /** The roles are still loading: wait for them. */
  pending: boolean;
}

/** Replaces itself with the user's default landing page, keeping the query string (a failed read: /app). */
export const LandingRedirect = ({ loadLandingPage, roles, permissions, pending }: LandingRedirectProps) => {
  const navigate = useNavigate();
  const { search } = useLocation();

  useEffect(() => {
    if (pending) return;
    let cancelled = false;
    loadLandingPage()
      .catch(() => null)
      .then((page) => {
        if (!cancelled) navigate(`${landingPathOf(page, roles, permissions)}${search}`, { replace: true });
      });
    return () => {
      cancelled = true;
    };
    // Once, when the roles are known: the page only passes through.
  }, [pending]); // eslint-disable-line react-hooks/exhaustive-deps

  return <PageLoader />;
};
