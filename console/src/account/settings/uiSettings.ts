import { UI_FONT_WEIGHTS, UI_SCALES, type UiFontWeight, type UiScale, type UserDefaults } from '@app/contracts';
import type { RaThemeOptions } from 'react-admin';

/** The part of the user's defaults that shapes the whole console (spec 000 section 9). */
export type UiSettings = Pick<UserDefaults, 'ui_scale' | 'ui_font_weight' | 'dark_mode'>;

export const DEFAULT_UI_SETTINGS: UiSettings = { ui_scale: 'ui-default', ui_font_weight: 'fw-400', dark_mode: false };

/** Base font size (px) per scale; MUI derives every variant from it. */
export const UI_SCALE_FONT_SIZE: Record<UiScale, number> = {
  'ui-small': 12,
  'ui-compact': 13,
  'ui-default': 14,
  'ui-large': 16,
};

/** Spacing unit (px) per scale: smaller scales are also denser. */
export const UI_SCALE_SPACING: Record<UiScale, number> = {
  'ui-small': 6,
  'ui-compact': 7,
  'ui-default': 8,
  'ui-large': 9,
};

export const UI_FONT_WEIGHT_VALUE: Record<UiFontWeight, number> = {
  'fw-400': 400,
  'fw-600': 600,
  'fw-700': 700,
};

/** Unknown or missing values from the server fall back to the defaults. */
export function normalizeUiSettings(value: Partial<UiSettings> | null | undefined): UiSettings {
  const scale = value?.ui_scale;
  const weight = value?.ui_font_weight;
  return {
    ui_scale: scale && UI_SCALES.includes(scale) ? scale : DEFAULT_UI_SETTINGS.ui_scale,
    ui_font_weight: weight && UI_FONT_WEIGHTS.includes(weight) ? weight : DEFAULT_UI_SETTINGS.ui_font_weight,
    dark_mode: typeof value?.dark_mode === 'boolean' ? value.dark_mode : DEFAULT_UI_SETTINGS.dark_mode,
  };
}

export function sameUiSettings(a: UiSettings, b: UiSettings): boolean {
  return a.ui_scale === b.ui_scale && a.ui_font_weight === b.ui_font_weight && a.dark_mode === b.dark_mode;
}

/** The theme mode the settings ask for. */
export function themeModeOf(settings: UiSettings): 'light' | 'dark' {
  return settings.dark_mode ? 'dark' : 'light';
}

/**
 * A console theme with the user's scale (base font size and spacing) and font weight (regular text
 * weight; medium and bold never lighter than it). Light and dark themes both go through this.
 */
export function applyUiSettings(base: RaThemeOptions, settings: UiSettings): RaThemeOptions {
  const weight = UI_FONT_WEIGHT_VALUE[settings.ui_font_weight];
  const typography = (typeof base.typography === 'object' ? base.typography : {}) as Record<string, unknown>;
  return {
    ...base,
    spacing: UI_SCALE_SPACING[settings.ui_scale],
    typography: {
      ...typography,
      fontSize: UI_SCALE_FONT_SIZE[settings.ui_scale],
      fontWeightRegular: weight,
      fontWeightMedium: Math.max(weight, 500),
      fontWeightBold: Math.max(weight, 700),
    },
  };
}
