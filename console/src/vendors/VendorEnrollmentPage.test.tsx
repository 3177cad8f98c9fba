// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ inviteInfo: vi.fn(), enroll: vi.fn() }));
vi.mock('.', () => ({ vendorApi: api }));

import VendorEnrollmentPage from './VendorEnrollmentPage';

const INFO = {
  team_name: 'Demo Realty',
  name: 'Acme Title',
  address: { address_1: '', address_2: '', city: '', state: '', postal_code: '' },
  primary_contact: { first_name: '', last_name: '', email: 'owner@acme.test', phone: '' },
};

const open = (search: string) =>
  render(
    <MemoryRouter initialEntries={[`/enroll/vendor${search}`]}>
      <Routes>
        <Route path="/enroll/vendor" element={<VendorEnrollmentPage />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  api.inviteInfo.mockReset();
  api.enroll.mockReset();
});
afterEach(cleanup);

describe('VendorEnrollmentPage', () => {
  it('shows the title, the invitation and a preloader, then the prefilled form', async () => {
    let answer: (info: typeof INFO) => void = () => undefined;
    api.inviteInfo.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    open('?invite_token=tok');
    expect(screen.getByText('Vendor Enrollment Form')).toBeTruthy();
    expect(screen.getByText('You are invited to enroll for free as a certified vendor.')).toBeTruthy();
    expect(screen.getByTestId('vendor-enrollment-loading')).toBeTruthy();
    answer(INFO);
    await screen.findByTestId('vendor-enrollment-form');
    expect(api.inviteInfo).toHaveBeenCalledWith('tok');
    expect((screen.getByLabelText(/Company name/) as HTMLInputElement).value).toBe('Acme Title');
  });

  it("shows the server's message instead of the form when the lookup fails, and asks nothing without a token", async () => {
    api.inviteInfo.mockRejectedValue(new HttpError('This invite link has expired.', 410, { message: 'This invite link has expired.' }));
    open('?invite_token=old');
    expect((await screen.findByTestId('vendor-enrollment-error')).textContent).toBe('This invite link has expired.');
    expect(screen.queryByTestId('vendor-enrollment-form')).toBeNull();
    cleanup();
    api.inviteInfo.mockClear();
    open('');
    expect((await screen.findByTestId('vendor-enrollment-error')).textContent).toBe('This invite link is not valid.');
    expect(api.inviteInfo).not.toHaveBeenCalled();
  });

  it('shows no message on a field left empty before a submit attempt (the email and the phone too)', async () => {
    const user = userEvent.setup();
    api.inviteInfo.mockResolvedValue({ ...INFO, primary_contact: { ...INFO.primary_contact, email: '' } });
    open('?invite_token=tok');
    await screen.findByTestId('vendor-enrollment-form');
    await user.click(screen.getByLabelText(/First name/));
    await user.click(screen.getByLabelText(/Email/));
    await user.click(screen.getByLabelText(/Phone/));
    await user.click(screen.getByLabelText(/City/));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('required.')).toBeNull();
    expect(screen.queryByText('Required.')).toBeNull();
    await user.click(screen.getByTestId('vendor-enrollment-submit'));
    expect((await screen.findAllByText('required.')).length).toBe(4);
  });

  it("a submit attempt shows 'Required.' and 'required.' and sends nothing; the server's first error shows above Submit; success replaces the form", async () => {
    const user = userEvent.setup();
    api.inviteInfo.mockResolvedValue(INFO);
    open('?invite_token=tok');
    await screen.findByTestId('vendor-enrollment-form');
    await user.click(screen.getByTestId('vendor-enrollment-submit'));
    expect((await screen.findAllByText('Required.')).length).toBe(4);
    expect((await screen.findAllByText('required.')).length).toBe(3);
    expect(api.enroll).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Address 1/), '1 Main');
    await user.type(screen.getByLabelText(/City/), 'Springfield');
    await user.type(screen.getByLabelText(/State/), 'IL');
    await user.type(screen.getByLabelText(/Postal code/), '62701');
    await user.type(screen.getByLabelText(/First name/), 'Pat');
    await user.type(screen.getByLabelText(/Last name/), 'Lee');
    await user.type(screen.getByLabelText(/Phone/), '5551234567');
    api.enroll.mockRejectedValueOnce(
      new HttpError('Validation failed', 400, {
        message: 'Validation failed',
        errors: { 'primary_contact.email': 'Email is already in use' },
        field_errors: [{ field: 'primary_contact.email', error: 'Email is already in use' }],
      }),
    );
    await user.click(screen.getByTestId('vendor-enrollment-submit'));
    expect((await screen.findByTestId('vendor-enrollment-failure')).textContent).toBe('Email is already in use');
    expect(api.enroll).toHaveBeenCalledWith({
      invite_token: 'tok',
      name: 'Acme Title',
      address: { address_1: '1 Main', address_2: null, city: 'Springfield', state: 'IL', postal_code: '62701' },
      primary_contact: { first_name: 'Pat', last_name: 'Lee', email: 'owner@acme.test', phone: '5551234567' },
    });

    api.enroll.mockResolvedValueOnce({ status: 'success', message: 'Success! Check your email for login instructions.' });
    await user.click(screen.getByTestId('vendor-enrollment-submit'));
    expect((await screen.findByTestId('vendor-enrollment-success')).textContent).toBe('Success! Check your email for login instructions.');
    await waitFor(() => expect(screen.queryByTestId('vendor-enrollment-form')).toBeNull());
  });
});
