import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY_CONFIG, displayKeyOf } from '@app/contracts';
import { defaultScopeOf, requestPathOf, resolveSlides, showsScope, subscriptionOf } from './slides';

const NOW = new Date('2026-11-26T15:00:00Z');
const NOVEMBER = { start: '2026-11-01', end: '2026-11-30' };

describe(resolveSlides.name, () => {
  it('replaces slide id 7 by the default dashboard and titles the leaderboards by report', () => {
    const slides = resolveSlides({ ...DEFAULT_DISPLAY_CONFIG, default_dashboard_id: 9 });
    expect(slides.map((s) => [s.id, s.kind, s.report, s.ytd])).toEqual([
      [9, 'circles', null, false],
      [9, 'circles', null, false],
      [2, 'stats', null, false],
      [3, 'activity', null, false],
      [4, 'leaderboard', 'closed', false],
      [4, 'leaderboard', 'volume', true],
    ]);
    expect(slides.map((s) => s.title)).toEqual([
      'Lead Conversion',
      'Lead Conversion',
      'Stats',
      'Activity',
      'Leaderboard: Closed',
      'Leaderboard: Volume (YTD)',
    ]);
    expect(resolveSlides(DEFAULT_DISPLAY_CONFIG)[0].id).toBe(7);
  });

  it('makes a slide without an id the leaderboard (4)', () => {
    const [slide] = resolveSlides({ slides: [{ report: 'signed', ytd: false } as never], default_dashboard_id: 7 });
    expect(slide).toMatchObject({ id: 4, kind: 'leaderboard', report: 'signed' });
  });
});

describe(subscriptionOf.name, () => {
  const [circles, , , , closed, volumeYtd] = resolveSlides(DEFAULT_DISPLAY_CONFIG);

  it('asks a dashboard for the scope and range on screen, dates as MM-DD-YYYY', () => {
    expect(subscriptionOf(circles, 'a12', 1, NOVEMBER, NOW, 'UTC')).toEqual({
      slide: 7,
      context: 'a12',
      start_date: '11-01-2026',
      end_date: '11-30-2026',
    });
    expect(requestPathOf(subscriptionOf(circles, 'a12', 1, NOVEMBER, NOW, 'UTC'))).toBe(
      '/dashboards?id=7&context=a12&dashboard_start_date=11-01-2026&dashboard_end_date=11-30-2026',
    );
  });

  it('asks the leaderboard for the team whatever the scope, a ytd one from 1 January to today', () => {
    expect(subscriptionOf(closed, 'a12', 3, NOVEMBER, NOW, 'UTC')).toEqual({
      slide: 4,
      report: 'closed',
      context: 't3',
      start_date: '11-01-2026',
      end_date: '11-30-2026',
    });
    const ytd = subscriptionOf(volumeYtd, 'a12', 3, NOVEMBER, NOW, 'UTC');
    expect(ytd).toMatchObject({ context: 't3', report: 'volume', start_date: '01-01-2026', end_date: '11-26-2026' });
    expect(requestPathOf(ytd)).toBe('/leaderboard?id=4&context=t3&report=volume&start_date=01-01-2026&end_date=11-26-2026');
    expect(displayKeyOf(3, ytd)).toBe('3:4:volume:t3:01-01-2026:11-26-2026');
  });

  it('hides the scope dropdown on the leaderboard only', () => {
    expect(showsScope(circles)).toBe(true);
    expect(showsScope(closed)).toBe(false);
  });
});

describe(defaultScopeOf.name, () => {
  it("is the agent's own with agent_restricted_team_dashboard, else the team", () => {
    expect(defaultScopeOf({ agent_id: 12, permissions: ['agent_restricted_team_dashboard'], team: { team_id: 3 } })).toBe('a12');
    expect(defaultScopeOf({ agent_id: 12, permissions: [], team: { team_id: 3 } })).toBe('t3');
  });
});
