// @vitest-environment jsdom
import type { CapsResponse } from '@app/contracts';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';
import { deferred } from '../test/factories';

const api = vi.hoisted(() => ({ getCaps: vi.fn(), getTemplates: vi.fn() }));
vi.mock('./index', () => ({ commissionApi: api, sessionMarketId: () => 0 }));

import { CAP_REFRESH_DELAY_MS, CapSummaryCard } from './CapSummaryCard';

const CAPS: CapsResponse = {
  records: [
    { kind: 'B', label: 'Brokerage Cap', name: 'brokerage', cap: 20000, ytd: 3250, pct: 16, pending: 1500 },
    { kind: 'R', label: 'Royalty Cap', name: 'royalty', cap: 0, ytd: 0, pct: 0, pending: 0 },
  ],
  brokerage_cap_anniversary_dt: '03-15-2021',
  royalty_cap_anniversary_dt: null,
};

const open = (props: Parameters<typeof CapSummaryCard>[0] = {}) =>
  render(
    <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider}>
      <CapSummaryCard {...props} />
    </AdminContext>,
  );

beforeEach(() => api.getCaps.mockReset());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CapSummaryCard', () => {
  it('shows per kind the label, cap and ytd in USD, the bar at pct with pending lighter, and the anniversary', async () => {
    api.getCaps.mockResolvedValue(CAPS);
    open({ agentId: 12 });
    const brokerage = await screen.findByTestId('cap-summary-brokerage');
    expect(api.getCaps).toHaveBeenCalledWith(12);
    expect(within(brokerage).getByRole('heading', { name: 'Brokerage Cap' })).toBeTruthy();
    expect(screen.getByTestId('cap-summary-brokerage-cap').textContent).toBe('$20,000.00');
    expect(screen.getByTestId('cap-summary-brokerage-ytd').textContent).toBe('$3,250.00');
    expect(screen.getByTestId('cap-summary-brokerage-pending').textContent).toBe('$1,500.00');
    expect(screen.getByTestId('cap-summary-brokerage-anniversary').textContent).toBe('03/15/2021');

    const bar = screen.getByRole('progressbar', { name: 'Brokerage Cap' });
    expect(bar.getAttribute('aria-valuenow')).toBe('16');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('$3,250.00 of $20,000.00 (16%), $1,500.00 pending');
    expect(screen.getByTestId('cap-summary-brokerage-bar-filled').style.width).toBe('16%');
    expect(screen.getByTestId('cap-summary-brokerage-bar-pending').style.width).toBe('7.5%');
    // Each figure is named by its label (a description list).
    expect(within(brokerage).getByText('YTD').tagName).toBe('DT');
  });

  it('with no cap reads $0.00 and keeps the bar empty', async () => {
    api.getCaps.mockResolvedValue(CAPS);
    open();
    expect((await screen.findByTestId('cap-summary-royalty-cap')).textContent).toBe('$0.00');
    expect(api.getCaps).toHaveBeenCalledWith(undefined);
    const bar = screen.getByRole('progressbar', { name: 'Royalty Cap' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('cap-summary-royalty-bar-filled').style.width).toBe('0%');
    expect(screen.getByTestId('cap-summary-royalty-bar-pending').style.width).toBe('0%');
    expect(screen.queryByTestId('cap-summary-royalty-pending')).toBeNull();
    expect(screen.getByTestId('cap-summary-royalty-anniversary').textContent).toBe('Not set');
  });

  it('says it is loading until the figures come', async () => {
    const answer = deferred<CapsResponse>();
    api.getCaps.mockReturnValue(answer.promise);
    open();
    expect(screen.getByRole('status', { name: 'Loading the commission caps' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () => answer.resolve(CAPS));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });

  it("shows a failed read with the server's words, and Retry reads again", async () => {
    api.getCaps.mockRejectedValueOnce(toHttpError(404, 'Not Found', { status: 'error', message: 'Not Found' })).mockResolvedValue(CAPS);
    const user = userEvent.setup();
    open({ agentId: 99 });
    expect((await screen.findByTestId('cap-summary-error')).textContent).toContain('The commission caps could not be loaded. Not Found');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('cap-summary-brokerage')).toBeTruthy();
    expect(api.getCaps).toHaveBeenCalledTimes(2);
  });

  it('reads again after a save, now and once the read copy has the change', async () => {
    api.getCaps.mockResolvedValue(CAPS);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const view = open({ agentId: 12, refreshKey: 0 });
    await act(async () => undefined);
    expect(api.getCaps).toHaveBeenCalledTimes(1);
    api.getCaps.mockResolvedValue({ ...CAPS, records: [{ ...CAPS.records[0], cap: 25000 }, CAPS.records[1]] });
    view.rerender(
      <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider}>
        <CapSummaryCard agentId={12} refreshKey={1} />
      </AdminContext>,
    );
    await act(async () => undefined);
    expect(api.getCaps).toHaveBeenCalledTimes(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(CAP_REFRESH_DELAY_MS)));
    expect(api.getCaps).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('cap-summary-brokerage-cap').textContent).toBe('$25,000.00');
  });
});
