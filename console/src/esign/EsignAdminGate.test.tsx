// @vitest-environment jsdom
import type { Permission } from '@app/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@app/contracts';
import type { SessionStorage } from '../auth/session';
import { buildSession } from '../test/factories';
import { EsignAdminGate } from './EsignAdminGate';
import { hasEsignAccess } from './access';
import { esignTemplateBuilderPath, isEsignAdminPath } from './paths';

afterEach(cleanup);

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

/** The App's routes in small: the gate around /app/*, the root sending to /app. */
function open(path: string, storage: SessionStorage) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<div data-testid="root">root</div>} />
        <Route element={<EsignAdminGate storage={storage} />}>
          <Route path="/app/*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe(EsignAdminGate.name, () => {
  it('sends a user without agent_esign (isa@demo-realty.test) from the templates list and the builder to the root', () => {
    open('/app/admin/esign-templates', storageWith(['team_esign']));
    expect(screen.getByTestId('root')).toBeTruthy();
    cleanup();
    open(esignTemplateBuilderPath('/app', 5), storageWith(['team_esign']));
    expect(screen.getByTestId('root')).toBeTruthy();
  });

  it('sends a user without team_esign (Rival Homes) to the root too', () => {
    open('/app/admin/esign-templates', storageWith(['agent_esign']));
    expect(screen.getByTestId('root')).toBeTruthy();
  });

  it('lets a user with both permissions in', () => {
    open('/app/admin/esign-templates', storageWith(['team_esign', 'agent_esign']));
    expect(screen.getByTestId('where').textContent).toBe('/app/admin/esign-templates');
  });

  it('leaves other pages alone, and a visitor without a session to the console (which asks to sign in)', () => {
    open('/app/admin/users', storageWith([]));
    expect(screen.getByTestId('where').textContent).toBe('/app/admin/users');
    cleanup();
    open('/app/admin/esign-templates', storageWith(null));
    expect(screen.getByTestId('where').textContent).toBe('/app/admin/esign-templates');
  });

  it('knows the admin e-sign paths and the permissions they need', () => {
    expect(isEsignAdminPath('/app/admin/esign-templates')).toBe(true);
    expect(isEsignAdminPath('/app/admin/esign-templates/template-builder')).toBe(true);
    expect(isEsignAdminPath('/app/admin/esign-templates-old')).toBe(false);
    expect(isEsignAdminPath('/app/esign')).toBe(false);
    expect(hasEsignAccess(['team_esign', 'agent_esign'])).toBe(true);
    expect(hasEsignAccess(['agent_esign'])).toBe(false);
    expect(hasEsignAccess(undefined)).toBe(false);
  });
});
