import { IDEMPOTENT_OPERATIONS, isIdempotentOperation } from './idempotency';

describe('isIdempotentOperation', () => {
  it('matches the listed operations, their path parameters and a query, and nothing else', () => {
    expect(
      IDEMPOTENT_OPERATIONS.every((operation) =>
        isIdempotentOperation(operation.split(' ')[0], operation.split(' ')[1].replace(/:\w+/g, '12')),
      ),
    ).toBe(true);
    expect(isIdempotentOperation('post', '/transaction/41/documents/confirm?x=1')).toBe(true);
    expect(isIdempotentOperation('POST', '/messages/dms/')).toBe(true);
    expect(isIdempotentOperation('GET', '/transactions')).toBe(false);
    expect(isIdempotentOperation('POST', '/transaction/41/documents')).toBe(false);
    expect(isIdempotentOperation('POST', '/transaction/41/x/documents/confirm')).toBe(false);
    expect(isIdempotentOperation('POST', '/esign/templates/upload')).toBe(false);
    expect(isIdempotentOperation('POST', '/auth/login')).toBe(false);
  });
});
