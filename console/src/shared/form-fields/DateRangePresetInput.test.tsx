// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DateRangePresetInput } from './DateRangePresetInput';
import { renderInForm } from './testing';

afterEach(cleanup);

// 03:00 UTC on Sunday January 1 2023 is Saturday December 31 2022 in Los Angeles.
const now = () => new Date('2023-01-01T03:00:00Z');
const range = (timeZone = 'America/Los_Angeles', required?: boolean) => (
  <DateRangePresetInput
    presetSource="date_preset"
    startSource="start_date"
    endSource="end_date"
    timeZone={timeZone}
    now={now}
    required={required}
  />
);
const presetBox = () => screen.getByRole('combobox', { name: /Date range/ });
const start = () => screen.getByLabelText(/Start date/) as HTMLInputElement;
const end = () => screen.getByLabelText(/End date/) as HTMLInputElement;

async function choose(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(presetBox());
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
}

describe('DateRangePresetInput', () => {
  it('lists every preset, Custom last, in a 300px dropdown', async () => {
    const user = userEvent.setup();
    renderInForm(range());
    const select = presetBox().closest('.MuiFormControl-root') as HTMLElement;
    expect(getComputedStyle(select).width).toBe('300px');
    await user.click(presetBox());
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'Last Week',
      'Next 2 Weeks',
      'This Month',
      'Last Month',
      'Last 30 Days',
      'Last 6 Months',
      'This Quarter',
      'This Year',
      'Last Year',
      'Custom',
    ]);
  });

  it("sets both dates as MM-DD-YYYY in the team's time zone", async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(range());
    await choose(user, 'This Week');
    await waitFor(() => expect(values()).toMatchObject({ date_preset: 'thisWeek', start_date: '12-25-2022', end_date: '12-31-2022' }));
    expect(start().value).toBe('12-25-2022');
    expect(end().value).toBe('12-31-2022');
  });

  it('uses the zone it is given', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(range('UTC'));
    await choose(user, 'Today');
    await waitFor(() => expect(values()).toMatchObject({ start_date: '01-01-2023', end_date: '01-01-2023' }));
  });

  it('switches the preset to Custom when a date is edited', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(range());
    await choose(user, 'Last Month');
    await waitFor(() => expect(values().start_date).toBe('11-01-2022'));
    await user.clear(start());
    await user.type(start(), '11052022');
    await waitFor(() => expect(values()).toMatchObject({ date_preset: 'custom', start_date: '11-05-2022', end_date: '11-30-2022' }));
    expect(presetBox().textContent).toBe('Custom');
  });

  it('reads a classic preset key as its new preset', () => {
    renderInForm(range(), { defaultValues: { date_preset: 'last_3_months' } });
    expect(presetBox().textContent).toBe('Last 6 Months');
  });

  it("requires both dates: 'This field is required' after touch", async () => {
    const user = userEvent.setup();
    renderInForm(range());
    expect(screen.queryByText('This field is required')).toBeNull();
    await user.click(start());
    await user.click(end());
    await user.tab();
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
  });

  it('leaves both dates optional with required={false}: plain labels and no message after touch', async () => {
    const user = userEvent.setup();
    renderInForm(range('UTC', false));
    expect(start().required).toBe(false);
    expect(screen.queryByText('*')).toBeNull();
    await user.click(start());
    await user.click(end());
    await user.tab();
    await user.click(presetBox());
    await user.keyboard('{Escape}');
    expect(screen.queryByText('This field is required')).toBeNull();
  });
});
