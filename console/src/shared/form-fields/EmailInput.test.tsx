// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailInput } from './EmailInput';
import { ESIGN_FIELD_MESSAGES } from './messages';
import { renderInForm } from './testing';

afterEach(cleanup);

describe('EmailInput', () => {
  it("shows 'This is an invalid email address' once touched, for consecutive dots too", async () => {
    const user = userEvent.setup();
    renderInForm(<EmailInput source="email" label="Email" />);
    await user.type(screen.getByLabelText('Email'), 'dana..x@demo.test');
    expect(screen.queryByText('This is an invalid email address')).toBeNull();
    await user.tab();
    expect(await screen.findByText('This is an invalid email address')).toBeTruthy();
  });

  it('keeps the value trimmed and accepts a valid address', async () => {
    const user = userEvent.setup();
    const { values } = renderInForm(<EmailInput source="email" label="Email" />);
    await user.type(screen.getByLabelText('Email'), '  dana@demo.test ');
    await user.tab();
    await waitFor(() => expect(values().email).toBe('dana@demo.test'));
    expect(screen.queryByText('This is an invalid email address')).toBeNull();
  });

  it("says 'This field is required' when required and left empty", async () => {
    const user = userEvent.setup();
    renderInForm(<EmailInput source="email" label="Email" required />);
    await user.click(screen.getByLabelText(/Email/));
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });

  it('checkFormat false leaves the format to the server (the Vendor Enrollment Form), keeping the required rule', async () => {
    const user = userEvent.setup();
    renderInForm(<EmailInput source="email" label="Email" required requiredMessage="required." checkFormat={false} />);
    await user.click(screen.getByLabelText(/Email/));
    await user.tab();
    expect(await screen.findByText('required.')).toBeTruthy();
    await user.type(screen.getByLabelText(/Email/), 'dana..x@demo');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('required.')).toBeNull());
    expect(screen.queryByText('This is an invalid email address')).toBeNull();
  });

  it('takes the e-sign wording', async () => {
    const user = userEvent.setup();
    renderInForm(<EmailInput source="email" label="Email" invalidMessage={ESIGN_FIELD_MESSAGES.invalidEmail} />);
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });
});
