import { describe, expect, it } from 'vitest';
import { leavesPage, type LinkClick } from './useLeaveGuard';

const here = { origin: 'https://console.test', pathname: '/app/admin/document-message-template' };
const click = (overrides: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  defaultPrevented: false,
  modified: false,
  target: null,
  download: false,
  href: 'https://console.test/app/admin/document-folders',
  ...overrides,
});

describe('leavesPage', () => {
  it('is a plain click on a link to another console page', () => {
    expect(leavesPage(click(), here)).toBe(true);
    expect(leavesPage(click({ target: '_self' }), here)).toBe(true);
    expect(leavesPage(click({ href: '/app/profile' }), here)).toBe(true);
  });

  it('is not a link to this page, a new tab, a download, a middle click or a handled click', () => {
    expect(leavesPage(click({ href: 'https://console.test/app/admin/document-message-template?x=1' }), here)).toBe(false);
    expect(leavesPage(click({ target: '_blank' }), here)).toBe(false);
    expect(leavesPage(click({ modified: true }), here)).toBe(false);
    expect(leavesPage(click({ download: true }), here)).toBe(false);
    expect(leavesPage(click({ button: 1 }), here)).toBe(false);
    expect(leavesPage(click({ defaultPrevented: true }), here)).toBe(false);
  });

  it('leaves another origin to beforeunload', () => {
    expect(leavesPage(click({ href: 'https://elsewhere.test/app/profile' }), here)).toBe(false);
  });
});
