import type { TransactionDetail } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { messageOf, statusOf } from '../../shared/forms/fieldErrors';
import { transactionsApi } from '..';
import { TRANSACTION_DETAIL_LABELS as L } from './messages';

export interface TransactionState {
  detail: TransactionDetail | null;
  /** Why it could not be loaded (not found, or the server's message). */
  error: string | null;
  loading: boolean;
  /** Loads it again (after a change); the current one stays on screen meanwhile. */
  reload: () => Promise<TransactionDetail | null>;
}

/**
 * GET /transaction/{client_id}: `teamFormId` undefined waits (the page reads the user's default form
 * first), null asks for the team's page form. A form the server no longer knows falls back to the page form.
 */
export function useTransaction(clientId: string | number | undefined, teamFormId: number | null | undefined): TransactionState {
  const [detail, setDetail] = useState<TransactionDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const latest = useRef(0);

  const load = useCallback(async (): Promise<TransactionDetail | null> => {
    if (clientId === undefined || teamFormId === undefined) return null;
    const call = ++latest.current;
    if (!/^\d+$/.test(String(clientId))) {
      setError(L.notFound);
      setLoading(false);
      return null;
    }
    setLoading(true);
    try {
      let loaded: TransactionDetail;
      try {
        loaded = await transactionsApi.getTransaction(clientId, teamFormId);
      } catch (caught) {
        // The user's default page form was removed since: the team's page form.
        if (teamFormId !== null && statusOf(caught) === 404) loaded = await transactionsApi.getTransaction(clientId, null);
        else throw caught;
      }
      if (call !== latest.current) return null;
      setDetail(loaded);
      setError(null);
      return loaded;
    } catch (caught) {
      if (call !== latest.current) return null;
      void logoutRef.current(caught);
      const status = statusOf(caught);
      setError(status === 404 || status === 400 ? L.notFound : messageOf(caught, L.loadFailed));
      return null;
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, [clientId, teamFormId]);

  useEffect(() => {
    setDetail(null);
    setError(null);
    void load();
  }, [load]);

  return { detail, error, loading, reload: load };
}
