import { describe, expect, it } from 'vitest';
import { validateRecovery } from './recoveryRules';

describe('validateRecovery', () => {
  it("uses the spec's words for a missing or bad email and a missing code", () => {
    expect(validateRecovery('', '')).toEqual({
      email: 'Invalid email address.',
      code: 'Invalid code. Try again or refresh for new image.',
    });
    expect(validateRecovery('agent@', 'abc12')).toEqual({ email: 'Invalid email address.' });
    expect(validateRecovery(' agent@demo-realty.test ', 'x')).toEqual({});
  });
});
