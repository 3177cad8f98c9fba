import type { DashboardResponse, LeaderboardReport, LeaderboardResponse } from './dashboards';

/** Display Mode socket contract (transactions service gateway). */
export const DISPLAY_NAMESPACE = '/display';

export interface DisplayAgent {
  agent_id: number;
  name: string;
  status: 'active' | 'inactive';
  roles: string[];
  profile_image_path: string | null;
}

/**
 * What a TV shows and wants pushed (spec 002 section 2.1): the slide (7, 9, 2, 3 or 4), the leaderboard's report, the
 * scope and the range (MM-DD-YYYY), checked like the HTTP calls (GET /dashboards, GET /leaderboard).
 */
export interface DisplaySubscription {
  slide: 2 | 3 | 4 | 7 | 9;
  report?: LeaderboardReport | null;
  context: string;
  start_date: string;
  end_date: string;
}

/** The answer to display:subscribe: ok with the room's key, or refused as the HTTP call would be (403, 404, 400). */
export type DisplaySubscribeAck = { ok: true; key: string } | { ok: false; status: 400 | 403 | 404; message: string };

/**
 * A push of fresh figures for a subscribed key: the data of GET /dashboards (slides 7, 9, 2, 3) or of
 * GET /leaderboard (slide 4). version grows per key; a TV drops a push older than the one it shows.
 */
export interface DisplayDataPush {
  key: string;
  version: number;
  occurred_at: string;
  data: DashboardResponse | LeaderboardResponse;
}

/** The room key of a subscription: {team_id}:{slide}[:{report}]:{context}:{start_date}:{end_date}. */
export function displayKeyOf(teamId: number, subscription: DisplaySubscription): string {
  const report = subscription.slide === 4 ? `:${subscription.report ?? 'closed'}` : '';
  return `${teamId}:${subscription.slide}${report}:${subscription.context}:${subscription.start_date}:${subscription.end_date}`;
}

/** Server -> client events. */
export interface DisplayServerEvents {
  'display:welcome': (payload: { team_id: number; team_name: string | null; server_time: string }) => void;
  /** Fresh roster of the team's agents (read copy fed by identity events). */
  'display:agents': (payload: { team_id: number; agents: DisplayAgent[]; updated_at: string }) => void;
  /** Fresh figures of a subscribed slide, within a second of the change's commit. */
  'display:data': (payload: DisplayDataPush) => void;
}

/** Client -> server events. */
export interface DisplayClientEvents {
  'display:refresh': () => void;
  /** Follow one slide (leaving the previous subscription); the ack says whether it was accepted. */
  'display:subscribe': (subscription: DisplaySubscription, ack: (answer: DisplaySubscribeAck) => void) => void;
}
