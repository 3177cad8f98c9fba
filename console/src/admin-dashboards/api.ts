import type { ActivityPage, DashboardId, DisplayConfig, GoalsResponse, GoalsUpdate } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

export interface DashboardsApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

/** A write's answer: the saved state and the server's message ('Goals saved', 'Display settings saved'). */
export type Saved<T> = T & { message?: string };

export interface ActivityQuery {
  /** null: the caller's own rows. */
  agentId: number | null;
  page: number;
  perPage: number;
}

/**
 * The dashboard administration calls of the transactions service (spec 002 section 2.1): goals, Display Mode's
 * slides, the dashboards' names and a user's activity. Errors are react-admin HttpErrors (status, the
 * server's message, `body.field_errors` the server's [{field, error}]).
 */
export function createDashboardsApi(options: DashboardsApiOptions) {
  const { call } = createJsonClient(options);
  return {
    /** A year's goals; without a year the server's current one (in the team's time zone). */
    getGoals: (year?: number | null) =>
      call<GoalsResponse>(
        year === undefined || year === null ? '/dashboard/goals' : `/dashboard/goals?year=${encodeURIComponent(String(year))}`,
      ),
    /** ADMIN: the changed goals only (value null removes one). */
    saveGoals: (body: GoalsUpdate) => call<Saved<GoalsResponse>>('/dashboard/goals', 'PUT', body),
    getDisplayConfig: () => call<DisplayConfig>('/dashboard/display/config'),
    /** ADMIN: the whole slide list and the default circle dashboard. */
    saveDisplayConfig: (body: DisplayConfig) => call<Saved<DisplayConfig>>('/dashboard/display/config', 'PUT', body),
    /** The dashboards' names (the slide picker). */
    listDashboards: () => call<{ dashboards: { id: DashboardId; name: string }[] }>('/dashboards'),
    /** A user's activity rows, newest first. */
    getActivity: ({ agentId, page, perPage }: ActivityQuery) => {
      const query = new URLSearchParams();
      if (agentId !== null) query.set('agent_id', String(agentId));
      query.set('page', String(page));
      query.set('per_page', String(perPage));
      return call<ActivityPage>(`/dashboard/activity?${query.toString()}`);
    },
  };
}

export type DashboardsApi = ReturnType<typeof createDashboardsApi>;
