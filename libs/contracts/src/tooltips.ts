/**
 * Help tooltips (spec 001 sections 2, 3, 7 and 8): platform help content per
 * market, served by team-admin and shown by the console's HelpTooltip widget. docs/tooltips-api.md
 * describes the calls.
 */

/** Route segments or keys of the widget -> tooltip ids (spec 001). */
export const TOOLTIP_IDS = {
  reports: 101,
  'vendors-under-contract': 102,
  'admin-tasks': 103,
  'admin-forms': 104,
  'filter-status': 105,
  'title-company': 106,
  'org-model': 107,
  contacts: 108,
  'message-center': 109,
} as const;
export type TooltipKey = keyof typeof TOOLTIP_IDS;

export const TOOLTIP_POSITIONS = ['top', 'right', 'bottom', 'left'] as const;
export type TooltipPosition = (typeof TOOLTIP_POSITIONS)[number];

/** market_id 0: the default content; another market overrides the ids it has. */
export const DEFAULT_MARKET_ID = 0;
/** Longest content (HTML as stored, after sanitising). */
export const TOOLTIP_CONTENT_MAX_LENGTH = 10_000;

export interface Tooltip {
  id: number;
  content: string;
  position: TooltipPosition;
}

/** GET /tooltips?market_id= */
export interface TooltipsResponse {
  status: 'success';
  tooltips: Record<string, Tooltip>;
}

/** One row of the back office: GET /tooltips/list, GET /tooltips/{id}. */
export interface TooltipRecord extends Tooltip {
  market_id: number;
  key: string | null;
  updated_ts: string;
}

/** PATCH /tooltips/{id}. */
export interface TooltipUpdate {
  market_id: number;
  content: string;
  position: TooltipPosition;
}

export const TOOLTIP_MESSAGES = {
  /** The widget's load failure (spec 001 section 8): summary and detail of a centred sticky error toast. */
  loadFailedSummary: 'Server Error',
  loadFailedDetail: 'Please try again',
  updated: 'Tooltip updated',
  // Not worded by the spec.
  notFound: 'Tooltip not found',
  marketId: 'Must be a market id (a whole number from 0)',
  position: 'Choose one of top, right, bottom, left',
  tooLong: `Please enter at most ${TOOLTIP_CONTENT_MAX_LENGTH} characters`,
} as const;
