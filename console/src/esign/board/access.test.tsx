// @vitest-environment jsdom
import { ESIGN_PERMISSIONS, SESSION_STORAGE_KEY, type Permission } from '@app/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionStorage } from '../../auth/session';
import { MENU, visibleEntriesOf } from '../../layout/menu';
import { SCREENS } from '../../layout/screens';
import { buildSession } from '../../test/factories';
import { esignSendPath, isEsignAdminPath, isEsignRequestsPath, transactionEsignPath } from '../paths';
import { EsignRequestsGate } from './EsignRequestsGate';
import { EsignTabButton } from './EsignTabButton';
import { authProviderWith } from './testing';

afterEach(cleanup);

describe('the E-Sign menu entry', () => {
  it('opens the request board at esign-requests (and /app/esign), for a user with both e-sign permissions only', () => {
    const entry = MENU.find((item) => item.key === 'esign')!;
    expect({
      enabled: entry.enabled,
      to: entry.to,
      routes: entry.routes,
      page: !!entry.page,
      section: entry.section,
      permissions: entry.permissions,
    }).toEqual({
      enabled: true,
      to: 'esign-requests',
      routes: ['esign'],
      page: true,
      section: 'work',
      permissions: ESIGN_PERMISSIONS,
    });
    const shown = (permissions: Permission[]) =>
      visibleEntriesOf('work', ['AGENT'], MENU, permissions).some((item) => item.key === 'esign');
    expect(shown(['team_esign', 'agent_esign'])).toBe(true);
    expect(shown(['team_esign'])).toBe(false);
    expect(shown(['agent_esign'])).toBe(false);
    expect(shown([])).toBe(false);
  });

  it('lists the board and the e-sign tab among the screens, with their test ids and permissions', () => {
    const screenOf = (key: string) => SCREENS.find((item) => item.key === key);
    expect(screenOf('esign-requests')).toMatchObject({
      path: '/app/esign-requests',
      testId: 'esign-requests-page',
      permissions: ESIGN_PERMISSIONS,
    });
    expect(screenOf('esign')).toMatchObject({ path: '/app/esign', permissions: ESIGN_PERMISSIONS });
    expect(screenOf('transaction-esign')).toMatchObject({
      path: '/app/transactions/:id/esign',
      testId: 'transaction-esign-page',
      permissions: ESIGN_PERMISSIONS,
    });
  });
});

describe('paths', () => {
  it('builds the tab and the stepper paths', () => {
    expect(transactionEsignPath('/app', 55)).toBe('/app/transactions/55/esign');
    expect(esignSendPath('/app', 55, 'd-1')).toBe('/app/transactions/55/esign/send/d-1?step=1');
  });

  it('knows the pages the gate guards', () => {
    for (const path of [
      '/app/esign-requests',
      '/app/esign',
      '/app/esign/x',
      '/app/transactions/55/esign',
      '/app/transactions/55/esign/send/d-1',
    ]) {
      expect({ path, guarded: isEsignRequestsPath(path) }).toEqual({ path, guarded: true });
    }
    for (const path of [
      '/app/esign-templates',
      '/app/esignature',
      '/app/transactions/55',
      '/app/transactions/55/documents',
      '/app/transactions/esign',
      '/app/admin/esign-templates',
    ]) {
      expect({ path, guarded: isEsignRequestsPath(path) }).toEqual({ path, guarded: false });
    }
    // The admin gate's paths stay its own.
    expect(isEsignAdminPath('/app/esign-requests')).toBe(false);
  });
});

function storageWith(permissions: Permission[] | null): SessionStorage {
  const items = new Map<string, string>();
  if (permissions) {
    const session = buildSession();
    items.set(SESSION_STORAGE_KEY, JSON.stringify({ ...session, user: { ...session.user, permissions } }));
  }
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const Where = () => <div data-testid="where">{useLocation().pathname}</div>;

function openGate(path: string, storage: SessionStorage) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<div data-testid="root">root</div>} />
        <Route element={<EsignRequestsGate storage={storage} />}>
          <Route path="/app/*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe(EsignRequestsGate.name, () => {
  it('sends a user without both e-sign permissions from the board, /app/esign and a transaction’s e-sign tab to the root', () => {
    for (const [path, permissions] of [
      ['/app/esign-requests', ['team_esign']],
      ['/app/esign', ['agent_esign']],
      ['/app/transactions/55/esign', []],
    ] as const) {
      openGate(path, storageWith([...permissions]));
      expect({ path, root: !!screen.queryByTestId('root') }).toEqual({ path, root: true });
      cleanup();
    }
  });

  it('lets a user with both in, and leaves other pages and a visitor without a session alone', () => {
    openGate('/app/esign-requests', storageWith(['team_esign', 'agent_esign']));
    expect(screen.getByTestId('where').textContent).toBe('/app/esign-requests');
    cleanup();
    openGate('/app/transactions/55', storageWith([]));
    expect(screen.getByTestId('where').textContent).toBe('/app/transactions/55');
    cleanup();
    openGate('/app/esign-requests', storageWith(null));
    expect(screen.getByTestId('where').textContent).toBe('/app/esign-requests');
  });
});

describe(EsignTabButton.name, () => {
  const renderButton = (permissions: Permission[]) =>
    render(
      <MemoryRouter>
        <AdminContext store={memoryStore()} basename="/app" authProvider={authProviderWith(permissions)}>
          <EsignTabButton clientId={55} />
          <div data-testid="rendered" />
        </AdminContext>
      </MemoryRouter>,
    );

  it('shows the E-sign tab of the transaction page to a user with both e-sign permissions', async () => {
    renderButton(['team_esign', 'agent_esign']);
    const tab = await screen.findByTestId('transaction-page-esign');
    expect(tab.textContent).toBe('E-sign');
    expect(tab.getAttribute('href')).toBe('/app/transactions/55/esign');
  });

  it('hides it from a user without one of them', async () => {
    renderButton(['team_esign']);
    await screen.findByTestId('rendered');
    // The permissions have had their turn to load.
    await waitFor(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('transaction-page-esign')).toBeNull();
  });
});
