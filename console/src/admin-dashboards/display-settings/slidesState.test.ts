import { DEFAULT_DISPLAY_CONFIG, DISPLAY_SLIDES_MAX, type DisplayConfig } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  addSlide,
  canAdd,
  configOf,
  dashboardNames,
  draftOf,
  moveSlide,
  placeDisplayErrors,
  removeSlide,
  sameConfig,
  setDashboard,
  setDefaultDashboard,
  setReport,
  setYtd,
  withoutField,
  withoutSlideErrors,
} from './slidesState';

const ids = (config: DisplayConfig) =>
  config.slides.map((slide) => (slide.id === 4 ? `4:${slide.report}${slide.ytd ? ':ytd' : ''}` : String(slide.id)));

describe('the slide list', () => {
  it('keeps the config as loaded, and gives each slide a key of its own', () => {
    const draft = draftOf(DEFAULT_DISPLAY_CONFIG);
    expect(configOf(draft)).toEqual(DEFAULT_DISPLAY_CONFIG);
    expect(new Set(draft.slides.map((slide) => slide.key)).size).toBe(6);
    expect(sameConfig(DEFAULT_DISPLAY_CONFIG, configOf(draft))).toBe(true);
  });

  it('adds a slide at the end (the first dashboard), up to the limit', () => {
    const draft = addSlide(draftOf(DEFAULT_DISPLAY_CONFIG));
    expect(ids(configOf(draft))).toEqual(['7', '9', '2', '3', '4:closed', '4:volume:ytd', '7']);
    let full = draftOf({
      slides: Array.from({ length: DISPLAY_SLIDES_MAX }, () => ({ id: 2, report: null, ytd: false })),
      default_dashboard_id: 7,
    });
    expect(canAdd(full)).toBe(false);
    full = addSlide(full);
    expect(full.slides).toHaveLength(DISPLAY_SLIDES_MAX);
  });

  it('removes a slide, and moves one up or down (nothing past either end), its key going with it', () => {
    const draft = draftOf(DEFAULT_DISPLAY_CONFIG);
    expect(ids(configOf(removeSlide(draft, 1)))).toEqual(['7', '2', '3', '4:closed', '4:volume:ytd']);
    const moved = moveSlide(draft, 4, -1);
    expect(ids(configOf(moved))).toEqual(['7', '9', '2', '4:closed', '3', '4:volume:ytd']);
    expect(moved.slides[3].key).toBe(draft.slides[4].key);
    expect(ids(configOf(moveSlide(draft, 0, 1)))).toEqual(['9', '7', '2', '3', '4:closed', '4:volume:ytd']);
    expect(moveSlide(draft, 0, -1)).toBe(draft);
    expect(moveSlide(draft, 5, 1)).toBe(draft);
  });

  it('gives a slide that becomes the leaderboard the closed report and YTD off; other dashboards hold neither', () => {
    let draft = draftOf({ slides: [{ id: 7, report: null, ytd: false }], default_dashboard_id: 7 });
    draft = setDashboard(draft, 0, 4);
    expect(configOf(draft).slides).toEqual([{ id: 4, report: 'closed', ytd: false }]);
    draft = setYtd(setReport(draft, 0, 'signed'), 0, true);
    expect(configOf(draft).slides).toEqual([{ id: 4, report: 'signed', ytd: true }]);
    draft = setDashboard(draft, 0, 3);
    expect(configOf(draft).slides).toEqual([{ id: 3, report: null, ytd: false }]);
    // A report or YTD on another dashboard is never sent.
    expect(configOf(draftOf({ slides: [{ id: 2, report: 'volume', ytd: true }], default_dashboard_id: 7 })).slides).toEqual([
      { id: 2, report: null, ytd: false },
    ]);
  });

  it('sets the default circle dashboard (7 or 9)', () => {
    expect(configOf(setDefaultDashboard(draftOf(DEFAULT_DISPLAY_CONFIG), 9)).default_dashboard_id).toBe(9);
    expect(draftOf({ slides: [], default_dashboard_id: 5 as never }).default_dashboard_id).toBe(7);
  });
});

describe('dashboardNames', () => {
  it("takes the server's names for the five dashboards, the contract's where it has none", () => {
    expect(
      dashboardNames([
        { id: 9, name: 'Conversion' },
        { id: 11, name: 'Not a slide' },
      ]),
    ).toEqual([
      { id: 7, name: 'Agent Production' },
      { id: 9, name: 'Conversion' },
      { id: 2, name: 'Stats' },
      { id: 3, name: 'Activity' },
      { id: 4, name: 'Leaderboard' },
    ]);
    expect(dashboardNames(null).map((dashboard) => dashboard.id)).toEqual([7, 9, 2, 3, 4]);
  });
});

describe('placeDisplayErrors', () => {
  it('places the slides, their fields and the default dashboard; anything else is for a toast', () => {
    expect(
      placeDisplayErrors(
        [
          { field: 'slides.1.report', error: 'Choose the leaderboard report' },
          { field: 'slides.0.id', error: 'Choose a dashboard: 7, 9, 2, 3 or 4' },
          { field: 'slides', error: 'Add at least one slide' },
          { field: 'default_dashboard_id', error: 'Choose dashboard 7 or 9' },
          { field: 'slides.9.report', error: 'past the list' },
          { field: 'slides.1.report', error: 'a second message' },
        ],
        2,
      ),
    ).toEqual({
      fields: {
        'slides.1.report': 'Choose the leaderboard report',
        'slides.0.id': 'Choose a dashboard: 7, 9, 2, 3 or 4',
        slides: 'Add at least one slide',
        default_dashboard_id: 'Choose dashboard 7 or 9',
      },
      other: ['past the list'],
    });
  });

  it("drops the slides' messages when the list changes, and one field's when it is edited", () => {
    const fields = { 'slides.1.report': 'a', slides: 'b', default_dashboard_id: 'c' };
    expect(withoutSlideErrors(fields)).toEqual({ default_dashboard_id: 'c' });
    expect(withoutField(fields, 'slides.1.report')).toEqual({ slides: 'b', default_dashboard_id: 'c' });
    expect(withoutField(fields, 'nothing')).toBe(fields);
  });
});
