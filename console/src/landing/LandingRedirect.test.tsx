// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingRedirect } from './LandingRedirect';

afterEach(cleanup);

const Where = () => {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
};

function renderAt(path: string, loadLandingPage: () => Promise<string | null>, pending = false) {
  return render(
    <MemoryRouter initialEntries={['/app/display-origin', path]} initialIndex={1}>
      <Routes>
        <Route
          path="/app/landing"
          element={<LandingRedirect loadLandingPage={loadLandingPage} roles={['ADMIN']} permissions={[]} pending={pending} />}
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('LandingRedirect', () => {
  it('replaces itself with the default landing page, keeping the query string', async () => {
    const view = renderAt('/app/landing?scope=t1&x=2', () => Promise.resolve('TRANSACTIONS'));
    await waitFor(() => expect(view.getByTestId('where').textContent).toBe('/app/transactions?scope=t1&x=2'));
  });

  it('goes to the home page when the defaults cannot be read', async () => {
    const view = renderAt('/app/landing?a=1', () => Promise.reject(new Error('down')));
    await waitFor(() => expect(view.getByTestId('where').textContent).toBe('/app?a=1'));
  });

  it('waits for the roles before reading the defaults', async () => {
    const load = vi.fn(() => Promise.resolve('CONTACTS'));
    const view = renderAt('/app/landing', load, true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    expect(view.getByTestId('page-loader')).toBeTruthy();
  });
});
