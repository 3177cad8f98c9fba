import { useCallback, useEffect, useRef } from 'react';

/** Calls `callback` once typing has settled for `delay` ms (the latest value wins); cancel() drops a pending call. */
export function useDebounced(callback: (value: string) => void, delay: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(callback);
  latest.current = callback;
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);
  const call = useCallback(
    (value: string) => {
      cancel();
      timer.current = setTimeout(() => latest.current(value), delay);
    },
    [cancel, delay],
  );
  return { call, cancel };
}
