import { describe, expect, it } from 'vitest';
import {
  clampArea,
  copyArea,
  fractionOf,
  MIN_AREA_SIZE,
  moveArea,
  NUDGE_STEP,
  NUDGE_STEP_LARGE,
  nudgeArea,
  placeArea,
  resizeArea,
} from './geometry';

const area = (x: number, y: number, w = 0.2, h = 0.05, page = 1) => ({ page, x, y, w, h });

describe('builder geometry', () => {
  it('places a new field with its corner at the drop point, pushed back inside the page near an edge', () => {
    expect(placeArea(2, 0.3, 0.4, { w: 0.2, h: 0.05 })).toEqual(area(0.3, 0.4, 0.2, 0.05, 2));
    expect(placeArea(1, 0.95, 0.99, { w: 0.2, h: 0.05 })).toEqual(area(0.8, 0.95));
    expect(placeArea(1, -0.1, -0.3, { w: 0.2, h: 0.05 })).toEqual(area(0, 0));
  });

  it('moves a field and stops it at every edge of the page', () => {
    expect(moveArea(area(0.3, 0.3), 0.1, -0.1)).toEqual(area(0.4, 0.2));
    expect(moveArea(area(0.3, 0.3), 5, 5)).toEqual(area(0.8, 0.95));
    expect(moveArea(area(0.3, 0.3), -5, -5)).toEqual(area(0, 0));
  });

  it('resizes from the bottom-right corner, never below the minimum nor past the page', () => {
    expect(resizeArea(area(0.3, 0.3), 0.1, 0.05)).toEqual(area(0.3, 0.3, 0.3, 0.1));
    expect(resizeArea(area(0.7, 0.9), 1, 1)).toEqual(area(0.7, 0.9, 0.3, 0.1));
    expect(resizeArea(area(0.3, 0.3), -1, -1)).toEqual(area(0.3, 0.3, MIN_AREA_SIZE, MIN_AREA_SIZE));
  });

  it('nudges one step per arrow key (Shift: a large step) and stops at the edges', () => {
    expect(nudgeArea(area(0.5, 0.5), 'ArrowRight')).toEqual(area(0.5 + NUDGE_STEP, 0.5));
    expect(nudgeArea(area(0.5, 0.5), 'ArrowLeft')).toEqual(area(0.5 - NUDGE_STEP, 0.5));
    expect(nudgeArea(area(0.5, 0.5), 'ArrowUp', true)).toEqual(area(0.5, 0.5 - NUDGE_STEP_LARGE));
    expect(nudgeArea(area(0.5, 0.5), 'ArrowDown', true)).toEqual(area(0.5, 0.5 + NUDGE_STEP_LARGE));
    expect(nudgeArea(area(0, 0), 'ArrowLeft')).toEqual(area(0, 0));
    expect(nudgeArea(area(0.8, 0.95), 'ArrowDown', true)).toEqual(area(0.8, 0.95));
  });

  it('puts a copy just below its original, or above it at the foot of the page', () => {
    const below = copyArea(area(0.1, 0.2));
    expect(below.x).toBe(0.1);
    expect(below.y).toBeGreaterThan(0.25);
    const above = copyArea(area(0.1, 0.94));
    expect(above.y + above.h).toBeLessThan(0.94);
  });

  it('clamps sizes larger than the page and values that are not numbers', () => {
    expect(clampArea({ page: 1, x: 0.5, y: 0.5, w: 3, h: 2 })).toEqual(area(0, 0, 1, 1));
    expect(clampArea({ page: 1, x: Number.NaN, y: 0.1, w: 0.1, h: Number.NaN })).toEqual(area(0, 0.1, 0.1, MIN_AREA_SIZE));
  });

  it('turns a screen point into fractions of a page box', () => {
    expect(fractionOf({ x: 150, y: 300 }, { left: 100, top: 100, width: 500, height: 800 })).toEqual({ x: 0.1, y: 0.25 });
  });
});
