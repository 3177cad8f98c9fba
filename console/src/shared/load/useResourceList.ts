import type { QueryClient } from '@tanstack/react-query';
import { useGetList, type RaRecord } from 'react-admin';
import { messageOf } from '../forms/fieldErrors';
import { COMMON_MESSAGES } from '../messages';

/** A failed read shown where its rows would be: the server's message, or the spec's server error. */
export const loadErrorOf = (error: unknown): string | null => (error ? messageOf(error, COMMON_MESSAGES.serverError) : null);

/** A failed read is shown at once (with Retry) instead of being retried behind a spinner. */
export const READ_OPTIONS = { retry: false } as const;

/** A list also keeps its rows shown (dimmed) while a filter change is answered. */
const LIST_OPTIONS = { ...READ_OPTIONS, placeholderData: <T>(previous: T | undefined) => previous } as const;

/**
 * Every row of a resource through react-admin's useGetList, so React Query caches it and a write
 * through useCreate/useUpdate/useDelete refreshes it. The shape of useLoad's answer: `loading` while
 * any read runs, `error` as words, `reload` for Retry.
 */
export function useResourceList<T extends RaRecord>(resource: string, filter: Record<string, unknown> = {}) {
  const list = useGetList<T>(resource, { filter }, LIST_OPTIONS);
  return {
    data: list.data ?? null,
    error: loadErrorOf(list.error),
    loading: list.isFetching || list.isPending,
    reload: () => void list.refetch(),
  };
}

/**
 * Changes the rows of every cached list of a resource at once, each with its own filter (a saved
 * folder joins the lists it matches, a renamed category shows on its types) before the server is
 * asked again.
 */
export function updateCachedLists<T extends RaRecord>(
  queryClient: QueryClient,
  resource: string,
  change: (rows: T[], filter: Record<string, unknown>) => T[],
): void {
  for (const [key, current] of queryClient.getQueriesData<{ data?: T[] }>({ queryKey: [resource, 'getList'] })) {
    if (!current?.data) continue;
    const filter = (key[2] as { filter?: Record<string, unknown> } | undefined)?.filter ?? {};
    queryClient.setQueryData(key, { ...current, data: change(current.data, filter) });
  }
}
