import type { Pagination } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { messageOf } from '../shared/forms/fieldErrors';
import { ESIGN_TEMPLATE_LABELS as L } from './messages';

export interface EsignListLoad<T> {
  rows: T[] | null;
  total: number;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Changes loaded rows in place (a rename's answer) without asking the server again. */
  updateRows: (update: (rows: T[]) => T[]) => void;
}

/**
 * One page of a list for a query string: loads when the query changes, on reload, and each time it is
 * enabled again (the view shown); an answer that arrives after a newer query is dropped. A failed load
 * keeps the rows it had and shows its message.
 */
export function useEsignList<T>(
  load: (query: URLSearchParams) => Promise<{ records?: T[]; pagination?: Pagination } | null>,
  query: string,
  enabled = true,
): EsignListLoad<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;

  useEffect(() => {
    if (!enabled) return undefined;
    let cancelled = false;
    setLoading(true);
    loadRef
      .current(new URLSearchParams(query))
      .then((body) => {
        if (cancelled) return;
        setRows(body?.records ?? []);
        setTotal(body?.pagination?.total ?? body?.records?.length ?? 0);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setError(messageOf(failure, L.loadFailed));
        // An ended session signs out (react-admin's checkError); a refusal only shows its message.
        void logoutRef.current(failure);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [query, attempt, enabled]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const updateRows = useCallback((update: (rows: T[]) => T[]) => setRows((current) => (current ? update(current) : current)), []);
  return { rows, total, loading, error, reload, updateRows };
}
