import {
  DASHBOARDS,
  LEADERBOARD_ID,
  LEADERBOARD_TITLES,
  type DateRange,
  type DisplayConfig,
  type DisplaySubscription,
  type LeaderboardReport,
  type SlideConfig,
} from '@app/contracts';
import { messages } from '../messages';
import { requestDates, ytdRange } from './date-range';

export type SlideKind = 'circles' | 'stats' | 'activity' | 'leaderboard';

/** A slide of the show, its dashboard id resolved. */
export interface Slide {
  /** Position in the show (the dots' key). */
  index: number;
  id: DisplaySubscription['slide'];
  kind: SlideKind;
  report: LeaderboardReport | null;
  ytd: boolean;
  title: string;
}

export function kindOf(id: number): SlideKind {
  if (id === 7 || id === 9) return 'circles';
  if (id === 2) return 'stats';
  if (id === 3) return 'activity';
  return 'leaderboard';
}

const nameOf = (id: number) => DASHBOARDS.find((dashboard) => dashboard.id === id)?.name ?? String(id);

/**
 * The configured slides as the show plays them: slide id 7 is the team's default circle dashboard
 * (default_dashboard_id), a slide without an id but with a report is the leaderboard (4).
 */
export function resolveSlides(config: Pick<DisplayConfig, 'slides' | 'default_dashboard_id'>): Slide[] {
  return config.slides.map((raw: Partial<SlideConfig>, index) => {
    const given = raw.id ?? (raw.report ? LEADERBOARD_ID : undefined) ?? LEADERBOARD_ID;
    const id = (given === 7 ? (config.default_dashboard_id ?? 7) : given) as Slide['id'];
    const kind = kindOf(id);
    const report = kind === 'leaderboard' ? (raw.report ?? 'closed') : null;
    const ytd = kind === 'leaderboard' && !!raw.ytd;
    const title =
      kind === 'leaderboard'
        ? `${nameOf(id)}: ${LEADERBOARD_TITLES[report!] ?? report}${ytd ? ` ${messages.slides.leaderboard.ytd}` : ''}`
        : nameOf(id);
    return { index, id, kind, report, ytd, title };
  });
}

/** The scope of a user's dashboards: their own a{id} with agent_restricted_team_dashboard, else the team. */
export function defaultScopeOf(user: { agent_id: number; permissions?: readonly string[]; team?: { team_id: number } | null }): string {
  if (user.permissions?.includes('agent_restricted_team_dashboard')) return `a${user.agent_id}`;
  return `t${user.team?.team_id ?? 0}`;
}

/**
 * What a slide asks for: the scope on screen (the leaderboard always the team), the range on screen
 * (a ytd leaderboard from 1 January to today), dates as MM-DD-YYYY.
 */
export function subscriptionOf(
  slide: Slide,
  scope: string,
  teamId: number,
  range: DateRange,
  now: Date,
  timeZone: string,
): DisplaySubscription {
  if (slide.kind === 'leaderboard') {
    const days = slide.ytd ? ytdRange(now, timeZone) : range;
    return { slide: slide.id, report: slide.report, context: `t${teamId}`, ...requestDates(days) };
  }
  return { slide: slide.id, context: scope, ...requestDates(range) };
}

/** The HTTP call of a subscription: GET /dashboards or, for the leaderboard, GET /leaderboard. */
export function requestPathOf(subscription: DisplaySubscription): string {
  if (subscription.slide === LEADERBOARD_ID) {
    const query = new URLSearchParams({
      id: String(LEADERBOARD_ID),
      context: subscription.context,
      report: subscription.report ?? 'closed',
      start_date: subscription.start_date,
      end_date: subscription.end_date,
    });
    return `/leaderboard?${query}`;
  }
  const query = new URLSearchParams({
    id: String(subscription.slide),
    context: subscription.context,
    dashboard_start_date: subscription.start_date,
    dashboard_end_date: subscription.end_date,
  });
  return `/dashboards?${query}`;
}

/** The scope dropdown is hidden on the leaderboard, which always shows the team (spec 002 section 6). */
export const showsScope = (slide: Slide | null | undefined): boolean => !!slide && slide.kind !== 'leaderboard';
