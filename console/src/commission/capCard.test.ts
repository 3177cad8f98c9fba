import { describe, expect, it } from 'vitest';
import { anniversaryText, capLine, capLines, formatUsd } from './capCard';

describe('formatUsd', () => {
  it('reads amounts in USD, en-US, and no amount as $0.00', () => {
    expect(formatUsd(20000)).toBe('$20,000.00');
    expect(formatUsd(3250.5)).toBe('$3,250.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(null)).toBe('$0.00');
    expect(formatUsd(Number.NaN)).toBe('$0.00');
  });
});

describe('anniversaryText', () => {
  it('shows MM-DD-YYYY as mm/dd/yyyy, and nothing for no date', () => {
    expect(anniversaryText('03-15-2021')).toBe('03/15/2021');
    expect(anniversaryText('03/15/2021')).toBe('03/15/2021');
    expect(anniversaryText(null)).toBeNull();
    expect(anniversaryText('2021-03-15')).toBeNull();
  });
});

describe('capLine', () => {
  it('fills the bar to pct, pending after it as its share of the cap', () => {
    const line = capLine(
      { kind: 'B', label: 'Brokerage Cap', name: 'brokerage', cap: 20000, ytd: 3250, pct: 16, pending: 1500 },
      '03-15-2021',
    );
    expect(line).toMatchObject({
      label: 'Brokerage Cap',
      cap: '$20,000.00',
      ytd: '$3,250.00',
      pending: '$1,500.00',
      pct: 16,
      filledWidth: 16,
      pendingWidth: 7.5,
      anniversary: '03/15/2021',
      valueText: '$3,250.00 of $20,000.00 (16%), $1,500.00 pending',
    });
  });

  it('with no cap reads $0.00 and leaves the bar empty', () => {
    const line = capLine({ kind: 'R', label: 'Royalty Cap', name: 'royalty', cap: 0, ytd: 0, pct: 0, pending: 0 }, null);
    expect(line).toMatchObject({ cap: '$0.00', ytd: '$0.00', pending: null, pct: 0, filledWidth: 0, pendingWidth: 0, anniversary: null });
    expect(line.valueText).toBe('$0.00 of $0.00 (0%)');
  });

  it('never draws past the end of the bar', () => {
    const reached = capLine({ kind: 'R', label: 'Royalty Cap', name: 'royalty', cap: 3000, ytd: 3000, pct: 100, pending: 0 }, null);
    expect([reached.filledWidth, reached.pendingWidth]).toEqual([100, 0]);
    const odd = capLine({ kind: 'B', label: 'Brokerage Cap', name: 'brokerage', cap: 1000, ytd: 900, pct: 90, pending: 400 }, null);
    expect(odd.filledWidth + odd.pendingWidth).toBe(100);
  });
});

describe('capLines', () => {
  it('lists brokerage then royalty with their anniversaries, a missing kind as no cap', () => {
    const lines = capLines({
      records: [{ kind: 'R', label: 'Royalty Cap', name: 'royalty', cap: 3000, ytd: 600, pct: 20, pending: 0 }],
      brokerage_cap_anniversary_dt: '01-10-2020',
      royalty_cap_anniversary_dt: '07-01-2019',
    });
    expect(lines.map((line) => [line.label, line.cap, line.anniversary])).toEqual([
      ['Brokerage Cap', '$0.00', '01/10/2020'],
      ['Royalty Cap', '$3,000.00', '07/01/2019'],
    ]);
  });
});
