import { describe, expect, it } from 'vitest';
import { activityRequestOf, withPage } from './activityState';

const of = (query: string) => activityRequestOf(new URLSearchParams(query));

describe('activityRequestOf', () => {
  it('reads the user, the name and the page, 20 a page by default', () => {
    expect(of('user=12&name=Ann%20Lee')).toEqual({ agentId: 12, name: 'Ann Lee', page: 1, per_page: 20 });
    expect(of('user=12&name=Ann&page=3&per_page=60')).toEqual({ agentId: 12, name: 'Ann', page: 3, per_page: 60 });
  });

  it('falls back on page 1 and 20 a page for values it does not know', () => {
    expect(of('user=12&page=0&per_page=25')).toMatchObject({ page: 1, per_page: 20 });
    expect(of('user=12&page=x&per_page=')).toMatchObject({ page: 1, per_page: 20 });
  });

  it("tells no user (the caller's own rows) from a user that is not an id", () => {
    expect(of('name=Me').agentId).toBeNull();
    expect(of('user=').agentId).toBeNull();
    expect(of('user=abc').agentId).toBeUndefined();
    expect(of('user=-4').agentId).toBeUndefined();
    expect(of('user=0').agentId).toBeUndefined();
  });
});

describe('withPage', () => {
  it('keeps the user and the name', () => {
    expect(withPage(new URLSearchParams('user=12&name=Ann'), 2, 60).toString()).toBe('user=12&name=Ann&page=2&per_page=60');
  });
});
