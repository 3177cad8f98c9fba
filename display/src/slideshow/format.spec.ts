import { describe, expect, it } from 'vitest';
import type { LeaderboardResponse } from '@app/contracts';
import {
  activityCountFor,
  excludedNotice,
  formatCardValue,
  formatLeaderboardCount,
  formatPercent,
  imageUrlOf,
  leaderboardTitle,
  showsTotalProduction,
} from './format';

const board = (over: Partial<LeaderboardResponse> = {}): LeaderboardResponse => ({
  title: 'Closed',
  leaderboard_data: [],
  graph: [],
  excludes: [],
  total: 0,
  count_volume_title: 'Count',
  ...over,
});

describe(activityCountFor.name, () => {
  it('shows 16 items at a width of 1280 or less, otherwise 28', () => {
    expect(activityCountFor(390)).toBe(16);
    expect(activityCountFor(1280)).toBe(16);
    expect(activityCountFor(1281)).toBe(28);
    expect(activityCountFor(3840)).toBe(28);
  });
});

describe('leaderboard formatting', () => {
  it("adds '(YTD)' to the title of a ytd slide", () => {
    expect(leaderboardTitle(board(), true)).toBe('Closed (YTD)');
    expect(leaderboardTitle(board(), false)).toBe('Closed');
  });

  it('counts dollars when the title is Volume, units otherwise', () => {
    expect(formatLeaderboardCount(board({ title: 'Volume', count_volume_title: 'Volume' }), 1234567.5)).toBe('$1,234,568');
    expect(formatLeaderboardCount(board(), 1234)).toBe('1,234');
  });

  it('shows the percentage of the total with its one decimal', () => {
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(null)).toBe('—');
  });

  it('says how many active agents are left out, only when some are', () => {
    expect(excludedNotice(board())).toBeNull();
    expect(
      excludedNotice(
        board({
          excludes: [
            { agent_id: 1, agent_name: 'A' },
            { agent_id: 2, agent_name: 'B' },
          ],
        }),
      ),
    ).toBe('2 active agents being excluded from leaderboard');
  });

  it("hides 'Total Production' when the total is 0", () => {
    expect(showsTotalProduction(board())).toBe(false);
    expect(showsTotalProduction(board({ total: 3 }))).toBe(true);
  });
});

describe(formatCardValue.name, () => {
  it('shows the amount cards in dollars and the others as numbers', () => {
    expect(formatCardValue({ id: 'ytd_gci' }, 45250)).toBe('$45,250');
    expect(formatCardValue({ id: 'closed_volume' }, 1_500_000)).toBe('$1,500,000');
    expect(formatCardValue({ id: 'closed_units' }, 12)).toBe('12');
    expect(formatCardValue({ id: 'average_days_to_close' }, 31.25)).toBe('31.3');
    expect(formatCardValue({ id: 'average_sale_price' }, null)).toBe('—');
  });
});

describe(imageUrlOf.name, () => {
  it('shows only URLs, not storage keys', () => {
    expect(imageUrlOf('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(imageUrlOf('/api/identity/files/a.png')).toBe('/api/identity/files/a.png');
    expect(imageUrlOf('profile/7/a.png')).toBeNull();
    expect(imageUrlOf(null)).toBeNull();
  });
});
