// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../../shared/form-fields/testing';
import { BlackoutDaysPanel } from './BlackoutDaysPanel';

const api = vi.hoisted(() => ({
  getBlackoutOptions: vi.fn(),
  getBlackoutDays: vi.fn(),
  getTeam: vi.fn(),
  addBlackoutDay: vi.fn(),
  deleteBlackoutDay: vi.fn(),
}));
vi.mock('..', () => ({ teamAdminApi: api }));

afterEach(cleanup);
beforeEach(() => {
  vi.clearAllMocks();
  api.getBlackoutOptions.mockResolvedValue({ holidays: [], weekdays: [] });
  api.getBlackoutDays.mockResolvedValue([]);
  api.getTeam.mockResolvedValue({ team_id: 2, name: 'Rival Homes', timezone: 'America/Chicago' });
});

const form = async () => within(await screen.findByTestId('blackout-custom-form'));
const dateInput = async () => (await form()).getByPlaceholderText('mm/dd/yyyy') as HTMLInputElement;

describe('Blackout Days custom day', () => {
  it('types the date as mm/dd/yyyy once a label is typed, and refuses a past date without saving', async () => {
    const user = userEvent.setup();
    renderInAdmin(<BlackoutDaysPanel />);
    expect((await dateInput()).disabled).toBe(true);
    await user.type(screen.getByTestId('blackout-custom-label'), 'Founding day');
    await waitFor(async () => expect((await dateInput()).disabled).toBe(false));
    await user.type(await dateInput(), '01012001');
    expect((await dateInput()).value).toBe('01/01/2001');
    await user.click(screen.getByTestId('blackout-custom-add'));
    expect(await screen.findByText('Date must be today or later')).toBeTruthy();
    expect(api.addBlackoutDay).not.toHaveBeenCalled();
  });

  it("sends a later date as the API's MM-DD-YYYY", async () => {
    const user = userEvent.setup();
    api.addBlackoutDay.mockResolvedValue({
      status: 'success',
      record: { team_blackout_day_id: 7, kind: 'custom', predefined_day_key: null, day_label: 'Retreat', day_date: '12-19-2030' },
    });
    renderInAdmin(<BlackoutDaysPanel />);
    await user.type(await screen.findByTestId('blackout-custom-label'), ' Retreat ');
    await user.type(await dateInput(), '12192030');
    await user.click(screen.getByTestId('blackout-custom-add'));
    await waitFor(() => expect(api.addBlackoutDay).toHaveBeenCalledWith({ day_label: 'Retreat', day_date: '12-19-2030' }));
    expect(await screen.findByTestId('blackout-custom-day-7')).toBeTruthy();
    // A fresh form for the next day.
    await waitFor(async () => expect(((await screen.findByTestId('blackout-custom-label')) as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's past-date refusal under the date", async () => {
    const user = userEvent.setup();
    // The browser's today may be the team's yesterday: the server has the last word.
    api.addBlackoutDay.mockRejectedValue(
      Object.assign(new Error('Bad request'), {
        status: 400,
        body: { status: 'error', errors: [{ field: 'day_date', error: 'Date must be today or later' }] },
      }),
    );
    renderInAdmin(<BlackoutDaysPanel />);
    await user.type(await screen.findByTestId('blackout-custom-label'), 'Retreat');
    await user.type(await dateInput(), '12192030');
    await user.click(screen.getByTestId('blackout-custom-add'));
    expect(await screen.findByText('Date must be today or later')).toBeTruthy();
  });
});
