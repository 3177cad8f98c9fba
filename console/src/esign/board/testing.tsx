import type { EsignBoardResponse, EsignBoardRow, EsignStatusTotals, Permission } from '@app/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext, defaultI18nProvider, memoryStore, Notification, testDataProvider, type AuthProvider } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { expect, vi } from 'vitest';

// Test pieces of the request board and the e-sign tab: a fetch that answers by method and path, the rows and
// answers of GET /esign/requests, and the react-admin frame the pages run in.

export interface FetchCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that records every call and answers from the handlers (first that answers wins), else 404. */
export function createFetch() {
  const calls: FetchCall[] = [];
  let handlers: Handler[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, 'http://console.test');
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    for (const handler of handlers) {
      const answer = await handler(call);
      if (answer) return answer;
    }
    return json({ message: `No handler for ${call.method} ${call.path}` }, 404);
  });
  return {
    fetch,
    calls,
    /** Handlers tried before the ones already there. */
    on: (...added: Handler[]) => {
      handlers = [...added, ...handlers];
    },
    reset: () => {
      calls.length = 0;
      handlers = [];
      fetch.mockClear();
    },
    /** The calls of a method and path. */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

export const TOTALS: EsignStatusTotals = { Sent: 3, Viewed: 1, PartiallySigned: 2, Completed: 4, Failed: 1, Total: 13 };

export function buildRow(id: number, overrides: Partial<EsignBoardRow> = {}): EsignBoardRow {
  return {
    esig_request_id: id,
    esignature_template: { name: `Template ${id}` },
    transaction: { client_id: 100 + id, address_1: '12 Oak St', address_2: 'Unit 4', city: 'Austin', state: 'TX', postal_code: '78701' },
    created_by_agent: { first_name: 'Dana', last_name: 'Admin' },
    created_ts: '2026-11-20T15:30:00.000Z',
    completed_ts: null,
    status: 'S',
    archived: false,
    ...overrides,
  };
}

export function boardAnswer(rows: EsignBoardRow[], totalRecords = rows.length, totals: EsignStatusTotals = TOTALS): EsignBoardResponse {
  return { esignature_requests: rows, status_totals: totals, pagination: { page: 1, per_page: 50, totalRecords, filters: {} } };
}

export const USER_GROUPS = {
  groups: [
    {
      label: 'Active Users' as const,
      users: [
        { agent_id: 3, first_name: 'Avery', last_name: 'Agent' },
        { agent_id: 7, first_name: 'Dana', last_name: 'Admin' },
      ],
    },
    { label: 'Disabled Users' as const, users: [{ agent_id: 9, first_name: 'Gale', last_name: 'Gone' }] },
  ],
};

export const ESIGN_USER: Permission[] = ['team_esign', 'agent_esign'];

export function authProviderWith(permissions: Permission[]): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ roles: ['AGENT'], permissions }),
  };
}

/** The page's path and query as the router has them. */
export const LocationProbe = () => {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
};

export const locationText = () => screen.getByTestId('location').textContent ?? '';

/** Renders routes in the console's frame (/app basename, the user's zone America/Chicago) with toasts. */
export function renderConsole(path: string, routes: ReactNode, permissions: Permission[] = ESIGN_USER) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        store={memoryStore()}
        i18nProvider={defaultI18nProvider}
        basename="/app"
        authProvider={authProviderWith(permissions)}
        dataProvider={testDataProvider({ getOne: () => Promise.resolve({ data: { id: 'me', timezone: 'America/Chicago' } }) as never })}
      >
        {routes}
        <LocationProbe />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** The board's table has answered (no load on its way). */
export const boardLoaded = () =>
  waitFor(() => expect(screen.getByTestId('esign-requests-table').getAttribute('data-loading')).toBe('false'));
