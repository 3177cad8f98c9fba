import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessagesApi } from './api';
import { appendPage, idOf, inboxQuery, upsertThread, type InboxFilter, type InboxKind, type InboxRecord } from './inboxRules';

export interface InboxListState {
  items: InboxRecord[];
  page: number;
  hasNext: boolean;
  /** A page is on its way (the first or the next). */
  loading: boolean;
  /** The first page has come (or failed). */
  loaded: boolean;
  error: unknown;
}

const initial: InboxListState = { items: [], page: 0, hasNext: false, loading: true, loaded: false, error: null };

/**
 * One inbox's list (spec 001): page 1 for the kind, filter and search, the next page on demand while
 * has_next, and local changes (a status, a live message) without reloading. A load answered after the
 * filter changed is dropped.
 */
export function useInboxList(
  api: Pick<MessagesApi, 'listDirectMessages' | 'listComments'>,
  kind: InboxKind,
  filter: InboxFilter,
  search: string,
) {
  const [state, setState] = useState<InboxListState>(initial);
  const generation = useRef(0);
  const current = useRef(state);
  current.current = state;

  const load = useCallback(
    (page: number) => {
      const mine = generation.current;
      setState((previous) => ({ ...previous, loading: true, error: page === 1 ? null : previous.error }));
      const query = inboxQuery(kind, filter, page, search);
      const request = kind === 'dms' ? api.listDirectMessages(query) : api.listComments(query);
      (request as Promise<{ records: InboxRecord[]; pagination: { has_next: boolean; page: number } }>).then(
        (answer) => {
          if (mine !== generation.current) return;
          const records = answer?.records ?? [];
          setState((previous) => ({
            items: page === 1 ? records : appendPage(previous.items, records),
            page,
            hasNext: !!answer?.pagination?.has_next,
            loading: false,
            loaded: true,
            error: null,
          }));
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          setState((previous) => ({ ...previous, loading: false, loaded: true, error }));
        },
      );
    },
    [api, kind, filter, search],
  );

  const reload = useCallback(() => {
    generation.current += 1;
    setState(initial);
    load(1);
  }, [load]);

  useEffect(reload, [reload]);

  const loadMore = useCallback(() => {
    const { hasNext, loading, page } = current.current;
    if (hasNext && !loading) load(page + 1);
  }, [load]);

  /** A thread put first (new activity) or replaced where it is (an edit, a status). */
  const upsert = useCallback(
    (record: InboxRecord, toTop: boolean) => setState((previous) => ({ ...previous, items: upsertThread(previous.items, record, toTop) })),
    [],
  );
  const remove = useCallback(
    (id: number) => setState((previous) => ({ ...previous, items: previous.items.filter((item) => idOf(item) !== id) })),
    [],
  );
  const has = useCallback((id: number) => current.current.items.some((item) => idOf(item) === id), []);

  return { ...state, reload, loadMore, upsert, remove, has };
}
