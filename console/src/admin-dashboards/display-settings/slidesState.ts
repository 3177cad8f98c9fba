import {
  CIRCLE_DASHBOARD_IDS,
  DASHBOARDS,
  DISPLAY_SLIDES_MAX,
  LEADERBOARD_ID,
  type CircleDashboardId,
  type DashboardId,
  type DisplayConfig,
  type FieldError,
  type LeaderboardReport,
  type SlideConfig,
} from '@app/contracts';

// The slide list's rules, plain functions: add, remove, move, what each slide holds (a report and YTD
// for the leaderboard only), what is sent, and where the server's field errors go.

/** A slide on the screen: its config and a key that follows it when it moves. */
export interface SlideRow extends SlideConfig {
  key: string;
}

export interface DisplayDraft {
  slides: SlideRow[];
  default_dashboard_id: CircleDashboardId;
}

/** A new slide: the first dashboard; the admin picks another. */
export const NEW_SLIDE: SlideConfig = { id: DASHBOARDS[0].id, report: null, ytd: false };
/** The leaderboard's report when a slide becomes the leaderboard (its own default report). */
export const DEFAULT_REPORT: LeaderboardReport = 'closed';

let keyCounter = 0;
const nextKey = () => {
  keyCounter += 1;
  return `slide-${keyCounter}`;
};

/** What a slide holds: a report and YTD for the leaderboard only. */
function clean(slide: SlideConfig): SlideConfig {
  return slide.id === LEADERBOARD_ID
    ? { id: slide.id, report: slide.report ?? DEFAULT_REPORT, ytd: !!slide.ytd }
    : { id: slide.id, report: null, ytd: false };
}

export function draftOf(config: DisplayConfig): DisplayDraft {
  return {
    slides: (config.slides ?? []).map((slide) => ({ ...clean(slide), key: nextKey() })),
    default_dashboard_id: CIRCLE_DASHBOARD_IDS.includes(config.default_dashboard_id)
      ? config.default_dashboard_id
      : CIRCLE_DASHBOARD_IDS[0],
  };
}

/** PUT /dashboard/display/config's body. */
export function configOf(draft: DisplayDraft): DisplayConfig {
  return {
    slides: draft.slides.map(({ id, report, ytd }) => clean({ id, report, ytd })),
    default_dashboard_id: draft.default_dashboard_id,
  };
}

export function sameConfig(a: DisplayConfig, b: DisplayConfig): boolean {
  return JSON.stringify(configOf(draftOf(a))) === JSON.stringify(configOf(draftOf(b)));
}

export const canAdd = (draft: DisplayDraft): boolean => draft.slides.length < DISPLAY_SLIDES_MAX;

export function addSlide(draft: DisplayDraft): DisplayDraft {
  if (!canAdd(draft)) return draft;
  return { ...draft, slides: [...draft.slides, { ...NEW_SLIDE, key: nextKey() }] };
}

export function removeSlide(draft: DisplayDraft, index: number): DisplayDraft {
  return { ...draft, slides: draft.slides.filter((_, at) => at !== index) };
}

/** Moves a slide one place up (-1) or down (1); nothing past either end. */
export function moveSlide(draft: DisplayDraft, index: number, step: -1 | 1): DisplayDraft {
  const target = index + step;
  if (index < 0 || index >= draft.slides.length || target < 0 || target >= draft.slides.length) return draft;
  const slides = [...draft.slides];
  [slides[index], slides[target]] = [slides[target], slides[index]];
  return { ...draft, slides };
}

function withSlide(draft: DisplayDraft, index: number, change: Partial<SlideConfig>): DisplayDraft {
  return {
    ...draft,
    slides: draft.slides.map((slide, at) => (at === index ? { ...slide, ...clean({ ...slide, ...change }) } : slide)),
  };
}

/** A slide's dashboard: the leaderboard gets a report (closed) and YTD off; the others lose both. */
export function setDashboard(draft: DisplayDraft, index: number, id: DashboardId): DisplayDraft {
  const current = draft.slides[index];
  if (!current || current.id === id) return draft;
  return withSlide(draft, index, { id, report: null, ytd: false });
}

export const setReport = (draft: DisplayDraft, index: number, report: LeaderboardReport): DisplayDraft =>
  withSlide(draft, index, { report });

export const setYtd = (draft: DisplayDraft, index: number, ytd: boolean): DisplayDraft => withSlide(draft, index, { ytd });

export const setDefaultDashboard = (draft: DisplayDraft, id: CircleDashboardId): DisplayDraft => ({ ...draft, default_dashboard_id: id });

/** The picker's names: the server's, else the contract's, for the five dashboards in the contract's order. */
export function dashboardNames(
  fromServer: readonly { id: number; name: string }[] | null | undefined,
): { id: DashboardId; name: string }[] {
  return DASHBOARDS.map(({ id, name }) => ({ id, name: fromServer?.find((dashboard) => dashboard.id === id)?.name || name }));
}

export interface PlacedDisplayErrors {
  /** 'slides', 'slides.{i}.id' | '.report' | '.ytd', 'default_dashboard_id' -> the first message. */
  fields: Record<string, string>;
  /** Messages for nothing on the screen (a toast). */
  other: string[];
}

const SHOWN = /^(slides|default_dashboard_id|slides\.\d+\.(id|report|ytd))$/;

/** The server's field errors by the field they are shown under (the first message of each). */
export function placeDisplayErrors(errors: readonly FieldError[], slideCount: number): PlacedDisplayErrors {
  const placed: PlacedDisplayErrors = { fields: {}, other: [] };
  for (const { field, error } of errors) {
    const index = /^slides\.(\d+)\./.exec(field);
    if (SHOWN.test(field) && (!index || Number(index[1]) < slideCount)) {
      if (!(field in placed.fields)) placed.fields[field] = error;
    } else if (!placed.other.includes(error)) {
      placed.other.push(error);
    }
  }
  return placed;
}

/** The errors without those of the slides (their indexes mean other slides once the list changes). */
export function withoutSlideErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([field]) => !field.startsWith('slides')));
}

/** The errors without one field's. */
export function withoutField(fields: Record<string, string>, field: string): Record<string, string> {
  if (!(field in fields)) return fields;
  const { [field]: _gone, ...rest } = fields;
  return rest;
}
