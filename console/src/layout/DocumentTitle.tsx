import { useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import { documentTitleOf, SCREENS } from './screens';

const ROUTES = SCREENS.map((screen) => ({ path: screen.path, title: screen.title }));

/** The screen title of a path ('Users' for /app/admin/users), or null for a path not in the list. */
export function screenTitleOf(pathname: string): string | null {
  // matchRoutes ranks the patterns: /app/admin/users/new wins over /app/admin/users/:id.
  const matches = matchRoutes(ROUTES, pathname);
  return matches?.[0]?.route.title ?? null;
}

/** Names the browser tab after the current screen ('Users · Realty'); renders nothing. */
export const DocumentTitle = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitleOf(screenTitleOf(pathname));
  }, [pathname]);
  return null;
};
