import type { FilterComponent, FilterFormResponse } from '@app/contracts';
import { useCallback, useEffect, useState } from 'react';
import { filtersApi } from './index';

// The filter form of a component, asked once per page load and shared by the sidebar and the chips.
const cache = new Map<FilterComponent, Promise<FilterFormResponse>>();

/** Forgets the loaded forms (tests, or after a failure). */
export function clearFilterFormCache() {
  cache.clear();
}

function loadForm(component: FilterComponent): Promise<FilterFormResponse> {
  let pending = cache.get(component);
  if (!pending) {
    pending = filtersApi.getForm(component);
    cache.set(component, pending);
    // A failed load is asked again next time.
    pending.catch(() => cache.delete(component));
  }
  return pending;
}

export interface FilterFormState {
  form: FilterFormResponse | null;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

export function useFilterForm(component: FilterComponent): FilterFormState {
  const [form, setForm] = useState<FilterFormResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    loadForm(component).then(
      (body) => {
        if (cancelled) return;
        setForm(body);
        setLoading(false);
      },
      (failure: unknown) => {
        if (cancelled) return;
        setError(failure ?? new Error('failed'));
        setLoading(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [component, attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { form, loading, error, retry };
}
