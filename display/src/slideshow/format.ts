import type { LeaderboardResponse, StatCard } from '@app/contracts';
import { messages } from '../messages';

/** Activity items on screen: 16 at a width of 1280 px or less, otherwise 28 (spec 002 section 2.1). */
export const ACTIVITY_ITEMS_NARROW = 16;
export const ACTIVITY_ITEMS_WIDE = 28;
export const ACTIVITY_NARROW_MAX_WIDTH = 1280;

export function activityCountFor(width: number): number {
  return width <= ACTIVITY_NARROW_MAX_WIDTH ? ACTIVITY_ITEMS_NARROW : ACTIVITY_ITEMS_WIDE;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const NO_VALUE = '—';

export function formatUsd(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NO_VALUE : usd.format(value);
}

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NO_VALUE : count.format(value);
}

/** A percentage as the dashboards give it (whole or one decimal). */
export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NO_VALUE : `${count.format(value)}%`;
}

/** Stat cards whose figures are dollars; the others are counts (days for the average days to close). */
const MONEY_CARDS = new Set(['closed_volume', 'closed_gci', 'ytd_gci', 'average_sale_price']);

export const isMoneyCard = (card: Pick<StatCard, 'id'>): boolean => MONEY_CARDS.has(card.id);

export function formatCardValue(card: Pick<StatCard, 'id'>, value: number | null | undefined): string {
  return isMoneyCard(card) ? formatUsd(value) : formatCount(value);
}

/** The leaderboard counts dollars when its title is Volume, otherwise units. */
export const leaderboardCountsMoney = (board: Pick<LeaderboardResponse, 'title'>): boolean => board.title === 'Volume';

export function formatLeaderboardCount(board: Pick<LeaderboardResponse, 'title'>, value: number): string {
  return leaderboardCountsMoney(board) ? formatUsd(value) : formatCount(value);
}

/** 'Closed (YTD)' on a ytd slide. */
export function leaderboardTitle(board: Pick<LeaderboardResponse, 'title'>, ytd: boolean): string {
  return ytd ? `${board.title} ${messages.slides.leaderboard.ytd}` : board.title;
}

/** 'N active agents being excluded from leaderboard', or null when nobody is left out. */
export function excludedNotice(board: Pick<LeaderboardResponse, 'excludes'>): string | null {
  const n = board.excludes?.length ?? 0;
  return n > 0 ? messages.slides.leaderboard.excluded(n) : null;
}

/** 'Total Production' shows only when there is some. */
export const showsTotalProduction = (board: Pick<LeaderboardResponse, 'total'>): boolean => (board.total ?? 0) !== 0;

/** profile_image_path is a storage key unless the server gives a URL: only a URL can be shown. */
export function imageUrlOf(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^(https?:|data:|blob:|\/)/i.test(value) ? value : null;
}

/** 'Nov 23, 3:04 PM' for an activity's time. */
export function formatActivityTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}
