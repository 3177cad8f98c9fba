import type { Board, BoardCard, BoardColumn, TransactionFilterKeys } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { boardsApi } from '.';
import { appendPage, cardsQuery, columnsQuery, emptyColumn, type BoardQueryOptions, type ColumnCards } from './boardRules';

export interface BoardData {
  columns: BoardColumn[] | null;
  cards: Record<number, ColumnCards>;
  error: unknown;
}

export interface UseBoard extends BoardData {
  /** The next page of a column (when it has one and none is on its way). */
  loadMore: (columnId: number) => void;
  /** Columns read again from their first page (after a change), totals with them. */
  reloadColumns: (columnIds: readonly number[]) => Promise<void>;
  /** Everything again: columns, totals and cards. */
  reloadAll: () => void;
  /** Replaces the board's cards at once (an optimistic move, or its undo). */
  setCards: (update: (cards: Record<number, ColumnCards>) => Record<number, ColumnCards>) => void;
}

/**
 * A board's columns and, per column, the pages of cards read so far. The columns and every card call
 * carry the same show_hidden and filter keys, so the totals match the cards. An answer to an older
 * request of a column (a reload overtook it) is dropped.
 */
export function useBoard(board: Board, showHidden: boolean, filters: TransactionFilterKeys | null): UseBoard {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const [data, setData] = useState<BoardData>({ columns: null, cards: {}, error: null });
  const [attempt, setAttempt] = useState(0);
  const options: BoardQueryOptions = { showHidden, filters };
  const optionsKey = `${board}|${columnsQuery(board, options).toString()}`;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // Per column: the latest request's number; older answers are dropped.
  const requests = useRef(new Map<number, number>());
  const generation = useRef(0);
  const cardsRef = useRef<Record<number, ColumnCards>>({});
  cardsRef.current = data.cards;

  const readPage = useCallback(
    async (columnId: number, page: number, gen: number) => {
      const request = (requests.current.get(columnId) ?? 0) + 1;
      requests.current.set(columnId, request);
      const current = () => gen === generation.current && requests.current.get(columnId) === request;
      try {
        const body = await boardsApi.getCards(board, cardsQuery(board, columnId, page, optionsRef.current));
        if (!current()) return;
        const records = Array.isArray(body?.records) ? body.records : [];
        const pagination = body?.pagination;
        setData((state) => {
          const column = page === 1 ? { ...emptyColumn(), cards: [] as BoardCard[] } : (state.cards[columnId] ?? emptyColumn());
          const total = pagination?.total ?? column.total;
          return {
            ...state,
            columns: state.columns?.map((item) => (item.id === columnId ? { ...item, total } : item)) ?? null,
            cards: { ...state.cards, [columnId]: appendPage(column, records, page, !!pagination?.has_next, total) },
          };
        });
      } catch (error) {
        if (!current()) return;
        void logoutRef.current(error);
        setData((state) => ({
          ...state,
          cards: { ...state.cards, [columnId]: { ...(state.cards[columnId] ?? emptyColumn()), loading: false, error: true } },
        }));
      }
    },
    [board],
  );

  useEffect(() => {
    generation.current += 1;
    const gen = generation.current;
    requests.current.clear();
    setData({ columns: null, cards: {}, error: null });
    boardsApi.getColumns(board, columnsQuery(board, optionsRef.current)).then(
      (body) => {
        if (gen !== generation.current) return;
        const columns = Array.isArray(body?.columns) ? body.columns : [];
        setData({ columns, cards: Object.fromEntries(columns.map((column) => [column.id, emptyColumn(column.total)])), error: null });
        for (const column of columns) void readPage(column.id, 1, gen);
      },
      (error: unknown) => {
        if (gen !== generation.current) return;
        void logoutRef.current(error);
        setData({ columns: [], cards: {}, error: error ?? new Error('failed') });
      },
    );
  }, [optionsKey, attempt, readPage]); // eslint-disable-line react-hooks/exhaustive-deps

  const loadMore = useCallback(
    (columnId: number) => {
      const column = cardsRef.current[columnId];
      if (!column || column.loading || !column.hasNext) return;
      setData((state) => ({ ...state, cards: { ...state.cards, [columnId]: { ...column, loading: true } } }));
      void readPage(columnId, column.page + 1, generation.current);
    },
    [readPage],
  );

  const reloadColumns = useCallback(
    async (columnIds: readonly number[]) => {
      const gen = generation.current;
      setData((state) => ({
        ...state,
        cards: {
          ...state.cards,
          ...Object.fromEntries(
            columnIds.filter((id) => state.cards[id]).map((id) => [id, { ...state.cards[id], loading: true, error: false }]),
          ),
        },
      }));
      await Promise.all([...new Set(columnIds)].map((id) => readPage(id, 1, gen)));
    },
    [readPage],
  );

  const reloadAll = useCallback(() => setAttempt((value) => value + 1), []);
  const setCards = useCallback((update: (cards: Record<number, ColumnCards>) => Record<number, ColumnCards>) => {
    setData((state) => {
      const cards = update(state.cards);
      return {
        ...state,
        cards,
        columns: state.columns?.map((column) => (cards[column.id] ? { ...column, total: cards[column.id].total } : column)) ?? null,
      };
    });
  }, []);

  return { ...data, loadMore, reloadColumns, reloadAll, setCards };
}
