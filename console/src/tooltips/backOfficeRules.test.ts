import { describe, expect, it } from 'vitest';
import { contentPreview, editLinkOf, formValuesOf, marketIdOf, POSITION_CHOICES, tooltipUpdateOf } from './backOfficeRules';

describe('tooltip back office rules', () => {
  it('reads the market of the URL (0 by default)', () => {
    expect(marketIdOf('?market_id=7')).toBe(7);
    expect(marketIdOf('?market_id=x')).toBe(0);
    expect(marketIdOf('')).toBe(0);
  });

  it('edits the market the page was opened for and sends a clean update', () => {
    const record = { id: 101, key: 'reports', market_id: 0, content: '<p>a</p>', position: 'left' as const, updated_ts: '' };
    expect(formValuesOf(record, 7)).toEqual({ market_id: 7, content: '<p>a</p>', position: 'left' });
    expect(tooltipUpdateOf({ market_id: '3', content: '<p>b</p>', position: 'bottom' })).toEqual({
      market_id: 3,
      content: '<p>b</p>',
      position: 'bottom',
    });
    expect(tooltipUpdateOf({ market_id: -1, content: null, position: 'diagonal' })).toEqual({ market_id: 0, content: '', position: 'top' });
  });

  it('links rows to their page and previews their text', () => {
    expect(editLinkOf({ id: 101, market_id: 0 })).toBe('/app/backoffice/tooltips/101');
    expect(editLinkOf({ id: 101, market_id: 7 })).toBe('/app/backoffice/tooltips/101?market_id=7');
    expect(contentPreview('<p>Help &amp; <strong>more</strong></p>')).toBe('Help & more');
    expect(contentPreview(`<p>${'a'.repeat(100)}</p>`, 10)).toBe('aaaaaaaaa…');
    expect(POSITION_CHOICES.map((c) => c.id)).toEqual(['top', 'right', 'bottom', 'left']);
  });
});
