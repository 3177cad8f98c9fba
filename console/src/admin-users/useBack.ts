import { useCallback } from 'react';
import { useBasename } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { usersPath } from './paths';

/** Whether this tab has an earlier page of the console to go back to (react-router keeps `idx` in history.state). */
export function hasPreviousPage(historyState: unknown): boolean {
  const idx = (historyState as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/**
 * The back button of the user screens: the previous page (spec 000 section 2), or the user list
 * when the screen was opened directly (nothing earlier in this app).
 */
export function useBack(): () => void {
  const navigate = useNavigate();
  const basename = useBasename();
  return useCallback(() => {
    if (hasPreviousPage(window.history.state)) navigate(-1);
    else navigate(usersPath(basename));
  }, [navigate, basename]);
}
