import { describe, expect, it } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';
import { addUserBlocked, counterView, isLicenceRefusal, licenceDetailOf } from './licenceGate';
import { ADMIN_MESSAGES } from './messages';

describe('addUserBlocked', () => {
  it('blocks when the total is above 0 and none remain', () => {
    expect(addUserBlocked({ total: 5, remaining: 0 })).toBe(true);
    expect(addUserBlocked({ total: 5, remaining: -1 })).toBe(true);
  });

  it('lets the admin add while licences remain, when the plan sets no limit, or when counts are unknown', () => {
    expect(addUserBlocked({ total: 5, remaining: 1 })).toBe(false);
    expect(addUserBlocked({ total: 0, remaining: 0 })).toBe(false);
    expect(addUserBlocked({ total: 0, remaining: -3 })).toBe(false);
    expect(addUserBlocked(null)).toBe(false);
  });
});

describe('the licence refusal', () => {
  const refusal = toHttpError(403, 'Forbidden', {
    status: 'error',
    message: 'No Available User Licenses',
    detail: 'Ask billing.',
  });

  it('is the 403 with the spec words, not any 403', () => {
    expect(isLicenceRefusal(refusal)).toBe(true);
    expect(isLicenceRefusal(toHttpError(403, 'Forbidden', { message: 'You do not have permission to do this' }))).toBe(false);
    expect(isLicenceRefusal(toHttpError(400, 'Bad Request', { message: 'No Available User Licenses' }))).toBe(false);
    expect(isLicenceRefusal(null)).toBe(false);
  });

  it("carries the server's detail, else the spec's explanation", () => {
    expect(licenceDetailOf(refusal)).toBe('Ask billing.');
    expect(licenceDetailOf(toHttpError(403, 'Forbidden', { message: 'No Available User Licenses' }))).toBe(ADMIN_MESSAGES.noLicensesDetail);
  });
});

describe('counterView', () => {
  it('reads a limited plan with its numbers and warns when exhausted', () => {
    expect(counterView(10, 10, 0, 'No limit')).toEqual({ total: '10', used: '10', remaining: '0', exhausted: true });
    expect(counterView(10, 4, 6, 'No limit')).toEqual({ total: '10', used: '4', remaining: '6', exhausted: false });
  });

  it('reads a total of 0 as no limit', () => {
    expect(counterView(0, 7, -7, 'No limit')).toEqual({ total: 'No limit', used: '7', remaining: 'No limit', exhausted: false });
  });
});
