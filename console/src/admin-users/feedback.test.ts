import { describe, expect, it } from 'vitest';
import { emailFailureMessage, passwordFailureMessage } from './feedback';

describe('failure messages', () => {
  it("are the server's words then 'Then try again.' for email actions", () => {
    expect(emailFailureMessage('Mail server unavailable.')).toBe('Mail server unavailable. Then try again.');
    expect(emailFailureMessage('')).toBe('Then try again.');
  });

  it("are the server's words then 'Verify password and try again.' for the password", () => {
    expect(passwordFailureMessage('Minimum length is 8')).toBe('Minimum length is 8 Verify password and try again.');
  });
});
