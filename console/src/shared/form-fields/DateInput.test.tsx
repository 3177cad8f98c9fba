// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DateInput } from './DateInput';
import { renderInForm } from './testing';

afterEach(cleanup);
const date = () => screen.getByLabelText(/Due date/) as HTMLInputElement;

describe('DateInput', () => {
  it('types as mm/dd/yyyy and holds an MM/DD/YYYY string', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<DateInput source="due_dt" label="Due date" />);
    expect(date().placeholder).toBe('mm/dd/yyyy');
    await user.type(date(), '01052024');
    expect(date().value).toBe('01/05/2024');
    await waitFor(() => expect(values().due_dt).toBe('01/05/2024'));
  });

  it('refuses years outside 2000 to 2030', async () => {
    const user = userEvent.setup();
    renderInForm(<DateInput source="due_dt" label="Due date" />);
    await user.type(date(), '12311999');
    await user.tab();
    expect(await screen.findByText('Please enter a date between 2000 and 2030')).toBeTruthy();
  });

  it('refuses a date that does not exist', async () => {
    const user = userEvent.setup();
    renderInForm(<DateInput source="due_dt" label="Due date" />);
    await user.type(date(), '02302024');
    await user.tab();
    expect(await screen.findByText('Please enter a valid date (MM/DD/YYYY)')).toBeTruthy();
  });

  it("is 'This field is required' when required and left empty", async () => {
    const user = userEvent.setup();
    renderInForm(<DateInput source="due_dt" label="Due date" required />);
    await user.click(date());
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });
});

describe('DateInput calendar', () => {
  it('opens on the typed month, picks a day as MM/DD/YYYY, and moves by keyboard', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<DateInput source="due_dt" label="Due date" />, { defaultValues: { due_dt: '02/10/2025' } });
    await user.click(screen.getByRole('button', { name: 'Choose date from calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose date' });
    expect(screen.getByRole('grid').getAttribute('aria-label')).toBe('February 2025');
    expect(screen.getByRole('button', { name: 'February 10, 2025' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'February 14, 2025' }));
    await waitFor(() => expect(values().due_dt).toBe('02/14/2025'));
    expect(date().value).toBe('02/14/2025');
    expect(dialog.isConnected).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Choose date from calendar' }));
    await screen.findByRole('dialog', { name: 'Choose date' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('February 14, 2025'));
    await user.keyboard('{ArrowDown}{ArrowRight}{PageDown}{Enter}');
    await waitFor(() => expect(values().due_dt).toBe('03/22/2025'));
  });

  it('keeps to the years 2000 to 2030 and uses the filter separator when asked', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<DateInput source="start" label="Due date" separator="-" />, {
      defaultValues: { start: '01-03-2000' },
    });
    await user.click(screen.getByRole('button', { name: 'Choose date from calendar' }));
    await screen.findByRole('dialog', { name: 'Choose date' });
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('grid').getAttribute('aria-label')).toBe('January 2000');
    await user.click(screen.getByRole('button', { name: 'January 31, 2000' }));
    await waitFor(() => expect(values().start).toBe('01-31-2000'));
  });

  it('has no calendar button when read-only', () => {
    renderInForm(<DateInput source="due_dt" label="Due date" readOnly />);
    expect(screen.queryByRole('button', { name: 'Choose date from calendar' })).toBeNull();
  });
});
