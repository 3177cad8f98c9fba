// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneInput } from './PhoneInput';
import { renderInForm } from './testing';

afterEach(cleanup);
const phone = () => screen.getByLabelText(/Phone/) as HTMLInputElement;

describe('PhoneInput', () => {
  it('masks as (999) 999-9999 while typing and keeps the 10 digits in the form', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<PhoneInput source="phone" label="Phone" />);
    expect(phone().placeholder).toBe('(999) 999-9999');
    await user.type(phone(), '555123');
    expect(phone().value).toBe('(555) 123');
    await user.type(phone(), '4567');
    expect(phone().value).toBe('(555) 123-4567');
    await waitFor(() => expect(values().phone).toBe('5551234567'));
  });

  it("says 'Please enter a valid phone number' for fewer than 10 digits once touched", async () => {
    const user = userEvent.setup();
    renderInForm(<PhoneInput source="phone" label="Phone" />);
    await user.type(phone(), '555123');
    await user.tab();
    expect(await screen.findByText('Please enter a valid phone number')).toBeTruthy();
  });

  it('stores a loaded masked number as digits on blur', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<PhoneInput source="phone" label="Phone" />, { defaultValues: { phone: '(555) 123-4567' } });
    expect(values().phone).toBe('(555) 123-4567');
    await user.click(phone());
    await user.tab();
    await waitFor(() => expect(values().phone).toBe('5551234567'));
    expect(phone().value).toBe('(555) 123-4567');
  });

  it("requires a value when asked: 'This field is required'", async () => {
    const user = userEvent.setup();
    renderInForm(<PhoneInput source="phone" label="Phone" required />);
    await user.click(phone());
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });
});
