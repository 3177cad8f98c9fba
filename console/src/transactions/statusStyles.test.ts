import type { StatusOption } from '@app/contracts';
import { DERIVED_STATUS_CSS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  BLACK_TEXT,
  contrastRatio,
  DARK_TEXT,
  DERIVED_COLOURS,
  hexColour,
  LIGHT_TEXT,
  MIN_CONTRAST,
  NEUTRAL_TAG,
  optionColours,
  readableText,
  stageColoursById,
  statusClassRules,
} from './statusStyles';

const status = (overrides: Partial<StatusOption>): StatusOption => ({
  id: 1,
  label: 'Active',
  color: '#2e7d32',
  font_color: 'light',
  category: 'active',
  color_css: 'status-1',
  dates: [],
  asks_lost_reason: false,
  ...overrides,
});

describe('hexColour', () => {
  it('accepts #rgb and #rrggbb only', () => {
    expect(hexColour('#ABC')).toBe('#aabbcc');
    expect(hexColour('#1f4e79')).toBe('#1f4e79');
    expect(hexColour('red')).toBeNull();
    expect(hexColour('#fff;background:url(x)')).toBeNull();
    expect(hexColour(null)).toBeNull();
  });
});

describe('readableText', () => {
  it("keeps the option's font colour when it reads", () => {
    expect(readableText('#1f4e79', 'light')).toBe(LIGHT_TEXT);
    expect(readableText('#f2a93b', 'dark')).toBe(DARK_TEXT);
  });

  it('takes black or white where the font colour does not reach 4.5:1', () => {
    expect(readableText('#ffeb3b', 'light')).toBe(BLACK_TEXT);
    expect(readableText('#0d1b2a', 'dark')).toBe(LIGHT_TEXT);
  });

  it('takes black on a mid blue where neither the dark nor the light text reaches 4.5:1 (Appointment Met, #0288D1)', () => {
    expect(contrastRatio('#0288d1', DARK_TEXT)).toBeLessThan(MIN_CONTRAST);
    expect(contrastRatio('#0288d1', LIGHT_TEXT)).toBeLessThan(MIN_CONTRAST);
    expect(readableText('#0288d1', 'light')).toBe(BLACK_TEXT);
    expect(readableText('#0288d1', 'dark')).toBe(BLACK_TEXT);
  });

  it('reaches 4.5:1 on any background, whichever font colour the team chose', () => {
    for (let grey = 0; grey <= 255; grey += 5) {
      for (const background of [
        `#${grey.toString(16).padStart(2, '0').repeat(3)}`,
        '#0288d1',
        '#e53935',
        '#1e88e5',
        '#43a047',
        '#777777',
        '#f9a825',
        '#7b1fa2',
      ]) {
        for (const fontColour of ['dark', 'light', 'nonsense', null]) {
          const ratio = contrastRatio(background, readableText(background, fontColour));
          expect({ background, fontColour, ok: ratio >= MIN_CONTRAST }).toEqual({ background, fontColour, ok: true });
        }
      }
    }
  });
});

describe('statusClassRules', () => {
  it('builds a rule per status class from its colours', () => {
    expect(
      statusClassRules([
        status({ id: 3, color_css: 'status-3', color: '#1f4e79', font_color: 'light' }),
        status({ id: 4, color_css: 'status-4', color: '#f2a93b', font_color: 'dark' }),
      ]),
    ).toEqual({
      '& .status-3': { backgroundColor: '#1f4e79', color: LIGHT_TEXT },
      '& .status-4': { backgroundColor: '#f2a93b', color: DARK_TEXT },
    });
  });

  it("gives a status whose colours do not read black or white text (the list's and the boards' status tags)", () => {
    expect(statusClassRules([status({ id: 3, color_css: 'status-3', color: '#0288D1', font_color: 'light' })])).toEqual({
      '& .status-3': { backgroundColor: '#0288d1', color: BLACK_TEXT },
    });
  });

  it('leaves out class names that are not plain, and shows bad colours neutral', () => {
    const rules = statusClassRules([status({ color_css: 'x{}' }), status({ id: 5, color_css: 'status-5', color: 'blue' })]);
    expect(rules).toEqual({ '& .status-5': NEUTRAL_TAG });
  });
});

describe('tag colours', () => {
  it('give every derived class readable white text', () => {
    for (const className of Object.values(DERIVED_STATUS_CSS)) {
      const colours = DERIVED_COLOURS[className];
      expect({ className, ok: contrastRatio(colours.backgroundColor, colours.color) >= MIN_CONTRAST }).toEqual({ className, ok: true });
    }
    expect(contrastRatio(NEUTRAL_TAG.backgroundColor, NEUTRAL_TAG.color)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('map stages by id', () => {
    const stages = stageColoursById([{ id: 2, label: 'Listing', color: '#ffffff', font_color: 'dark' }]);
    expect(stages.get(2)).toEqual({ label: 'Listing', colours: { backgroundColor: '#ffffff', color: DARK_TEXT } });
    expect(optionColours(undefined)).toEqual(NEUTRAL_TAG);
  });

  it("keep a board column's or label's font_color where it reads (any other string reads as dark)", () => {
    expect(optionColours({ color: '#7B1FA2', font_color: 'light' })).toEqual({ backgroundColor: '#7b1fa2', color: LIGHT_TEXT });
    expect(optionColours({ color: '#F9A825', font_color: 'dark' })).toEqual({ backgroundColor: '#f9a825', color: DARK_TEXT });
    expect(optionColours({ color: '#F9A825', font_color: 'black' })).toEqual({ backgroundColor: '#f9a825', color: DARK_TEXT });
    expect(optionColours({ color: '#0288D1', font_color: 'light' })).toEqual({ backgroundColor: '#0288d1', color: BLACK_TEXT });
  });
});
