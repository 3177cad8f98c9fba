import type { DashboardResponse, DisplayDataPush, LeaderboardResponse } from '@app/contracts';

export type SlidePayload = DashboardResponse | LeaderboardResponse;

/** The last good figures of one key (team, slide, report, scope, range). */
export interface SlideEntry {
  data: SlidePayload;
  /** The version of the last push shown; -1 while only the HTTP answer has been shown. */
  version: number;
}

export interface SlideDataState {
  /** Last good figures per key: a slide whose load fails keeps them on screen. */
  entries: Record<string, SlideEntry>;
  /** The key being fetched and the version it had when the fetch began. */
  loading: Record<string, number>;
  /** Keys whose last load failed. */
  failed: Record<string, true>;
}

export type SlideDataAction =
  | { type: 'fetchStarted'; key: string }
  | { type: 'fetched'; key: string; data: SlidePayload }
  | { type: 'fetchFailed'; key: string }
  /** The request was given up (the slide moved on before it answered). */
  | { type: 'fetchCancelled'; key: string }
  | { type: 'pushed'; push: DisplayDataPush }
  | { type: 'clear' };

export const initialSlideDataState = (): SlideDataState => ({ entries: {}, loading: {}, failed: {} });

const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
};

const isIn = (record: Record<string, unknown>, key: string) => key in record;

/** Whether a push is newer than what the screen shows for its key (older or equal ones are dropped). */
export function isNewerPush(entry: SlideEntry | undefined, push: Pick<DisplayDataPush, 'version'>): boolean {
  return !entry || push.version > entry.version;
}

export function slideDataReducer(state: SlideDataState, action: SlideDataAction): SlideDataState {
  switch (action.type) {
    case 'fetchStarted':
      return { ...state, loading: { ...state.loading, [action.key]: state.entries[action.key]?.version ?? -1 } };
    case 'fetched': {
      const entry = state.entries[action.key];
      const versionAtStart = state.loading[action.key] ?? -1;
      // A push that arrived while the request was out is at least as fresh as its answer: keep it.
      const pushedMeanwhile = !!entry && entry.version > versionAtStart;
      return {
        entries: pushedMeanwhile ? state.entries : { ...state.entries, [action.key]: { data: action.data, version: entry?.version ?? -1 } },
        loading: without(state.loading, action.key),
        failed: without(state.failed, action.key),
      };
    }
    case 'fetchFailed':
      return { ...state, loading: without(state.loading, action.key), failed: { ...state.failed, [action.key]: true } };
    case 'fetchCancelled':
      return isIn(state.loading, action.key) ? { ...state, loading: without(state.loading, action.key) } : state;
    case 'pushed': {
      const { push } = action;
      const entry = state.entries[push.key];
      if (!isNewerPush(entry, push)) return state;
      return {
        ...state,
        entries: { ...state.entries, [push.key]: { data: push.data, version: push.version } },
        failed: without(state.failed, push.key),
      };
    }
    case 'clear':
      return initialSlideDataState();
  }
}

/** What the slide area shows for a key. */
export interface SlideView {
  data: SlidePayload | null;
  loading: boolean;
  /** The last load failed (the last good figures, if any, stay). */
  failed: boolean;
  showLoader: boolean;
  /** 'Could not load this dashboard': failed and nothing good to show. */
  showError: boolean;
}

/**
 * A loader while a slide loads without figures to show; dashboard 7 shows it on every load (spec 002
 * section 9). A failed load keeps the last good figures; with none, the error.
 */
export function slideViewOf(state: SlideDataState, key: string | null, dashboardId: number | null): SlideView {
  if (!key) return { data: null, loading: true, failed: false, showLoader: true, showError: false };
  const data = state.entries[key]?.data ?? null;
  const loading = key in state.loading;
  const failed = !!state.failed[key];
  // Not asked yet counts as loading: the fetch starts right after the slide is shown.
  const showLoader = loading ? dashboardId === 7 || !data : !data && !failed;
  return { data, loading, failed, showLoader, showError: !loading && failed && !data };
}
