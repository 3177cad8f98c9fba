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
