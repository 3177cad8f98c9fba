import type { EsignFieldArea } from '@app/contracts';

// Areas are fractions 0..1 of their page from its top-left corner (spec 002 sections 2.3 and 2.4): every rule here keeps a
// field whole inside its page, whatever the zoom.

/** Smallest width or height of a field (a fraction of the page). */
export const MIN_AREA_SIZE = 0.01;
/** Arrow keys move the selected field by this much; with Shift ten times as far. */
export const NUDGE_STEP = 0.002;
export const NUDGE_STEP_LARGE = 0.02;

export type NudgeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
export const NUDGE_KEYS: readonly NudgeKey[] = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
// Six decimals: far below a pixel, and the stored JSON stays short.
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The area made whole: a size between the minimum and the page, its corner so that it stays inside. */
export function clampArea(area: EsignFieldArea): EsignFieldArea {
  const w = clamp(Number.isFinite(area.w) ? area.w : MIN_AREA_SIZE, MIN_AREA_SIZE, 1);
  const h = clamp(Number.isFinite(area.h) ? area.h : MIN_AREA_SIZE, MIN_AREA_SIZE, 1);
  const x = clamp(Number.isFinite(area.x) ? area.x : 0, 0, 1 - w);
  const y = clamp(Number.isFinite(area.y) ? area.y : 0, 0, 1 - h);
  return { page: area.page, x: round(x), y: round(y), w: round(w), h: round(h) };
}

/** A new field's area with its top-left corner at (x, y) of `page`, pushed back inside the page. */
export function placeArea(page: number, x: number, y: number, size: { w: number; h: number }): EsignFieldArea {
  return clampArea({ page, x, y, w: size.w, h: size.h });
}

/** The area moved by (dx, dy), stopped at the page's edges. */
export function moveArea(area: EsignFieldArea, dx: number, dy: number): EsignFieldArea {
  return clampArea({ ...area, x: area.x + dx, y: area.y + dy });
}

/** The area resized from its bottom-right corner by (dw, dh): never below the minimum nor past the page. */
export function resizeArea(area: EsignFieldArea, dw: number, dh: number): EsignFieldArea {
  const w = clamp(area.w + dw, MIN_AREA_SIZE, 1 - area.x);
  const h = clamp(area.h + dh, MIN_AREA_SIZE, 1 - area.y);
  return clampArea({ ...area, w, h });
}

export function isNudgeKey(key: string): key is NudgeKey {
  return (NUDGE_KEYS as readonly string[]).includes(key);
}

/** The area after an arrow key: one step (Shift: a large step) that way, stopped at the page's edges. */
export function nudgeArea(area: EsignFieldArea, key: NudgeKey, large = false): EsignFieldArea {
  const step = large ? NUDGE_STEP_LARGE : NUDGE_STEP;
  const dx = key === 'ArrowLeft' ? -step : key === 'ArrowRight' ? step : 0;
  const dy = key === 'ArrowUp' ? -step : key === 'ArrowDown' ? step : 0;
  return moveArea(area, dx, dy);
}

/** Where a copy goes: just below the original, or above it when there is no room below. */
export function copyArea(area: EsignFieldArea): EsignFieldArea {
  const gap = NUDGE_STEP_LARGE / 2;
  const below = area.y + area.h + gap;
  const y = below + area.h <= 1 ? below : area.y - area.h - gap;
  return clampArea({ ...area, y });
}

/** A point of the screen as a fraction of a page's box (not clamped). */
export function fractionOf(point: { x: number; y: number }, box: { left: number; top: number; width: number; height: number }) {
  return {
    x: box.width > 0 ? (point.x - box.left) / box.width : 0,
    y: box.height > 0 ? (point.y - box.top) / box.height : 0,
  };
}
