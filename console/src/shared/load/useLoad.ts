import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../forms/fieldErrors';
import { COMMON_MESSAGES } from '../messages';

export interface LoadState<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
  /** Replaces the loaded data (after a write the screen applies locally). */
  setData: (update: T | ((current: T | null) => T | null)) => void;
}

/** Loads once on mount (and on reload); a load answered after unmount is dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[] = []): LoadState<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    load()
      .then((value) => {
        if (cancelled) return;
        setData(value);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        setError(messageOf(failure, COMMON_MESSAGES.serverError));
        setLoading(false);
      });
    return () => {
      cancelled = true;
    };
    // The caller names what the load depends on.
  }, [attempt, ...deps]); // eslint-disable-line react-hooks/exhaustive-deps

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { data, error, loading, reload, setData: setData as LoadState<T>['setData'] };
}
