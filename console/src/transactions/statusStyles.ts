import type { StageOption, StatusOption } from '@app/contracts';

// Colours of the table's tags (spec 001 sections 2 and 3). A row's status tag carries the class
// row.color_css (`status-{id}`); the rules of those classes are built once per table from GET
// /transaction/statuses, so a row costs a plain <span>. The stage tag takes the stage's colours,
// the Progress tag (derived_status) one of five fixed classes.

export interface TagColours {
  backgroundColor: string;
  color: string;
}

/** font_color 'dark' and 'light' as text colours. */
export const DARK_TEXT = '#212121';
export const LIGHT_TEXT = '#ffffff';
/** The text of a colour on which the dark text does not read (with LIGHT_TEXT, one of the two always reaches 4.5:1). */
export const BLACK_TEXT = '#000000';
/** A tag whose colours are unknown (options not loaded, or an unknown id). */
export const NEUTRAL_TAG: TagColours = { backgroundColor: '#e0e0e0', color: DARK_TEXT };
/** WCAG AA for normal text: the tags' text is small. */
export const MIN_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const CLASS_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** '#abc' or '#aabbcc' as '#aabbcc', or null for anything else (it goes into a style rule). */
export function hexColour(value: unknown): string | null {
  if (typeof value !== 'string' || !HEX.test(value.trim())) return null;
  const hex = value.trim().slice(1).toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour of a tag: the option's font_color ('light' white, anything else dark) where it reaches 4.5:1
 * on that background (a team may pick any pair); else black or white, whichever reads better. One of the two
 * always reaches 4.5:1, even where neither the dark nor the light text does (a mid blue such as #0288D1).
 */
export function readableText(background: string, fontColour: 'dark' | 'light' | string | null | undefined): string {
  const preferred = fontColour === 'light' ? LIGHT_TEXT : DARK_TEXT;
  if (contrastRatio(background, preferred) >= MIN_CONTRAST) return preferred;
  return contrastRatio(background, BLACK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? BLACK_TEXT : LIGHT_TEXT;
}

/**
 * A status, stage or board column's tag colours (neutral for a missing or malformed colour). font_color is
 * 'dark' or 'light' (any other string reads as dark).
 */
export function optionColours(option: { color: string; font_color: string } | null | undefined): TagColours {
  const background = hexColour(option?.color);
  if (!background) return NEUTRAL_TAG;
  return { backgroundColor: background, color: readableText(background, option?.font_color) };
}

/**
 * The rules of the statuses' classes, as an sx object for the table: `{'& .status-3': {...}}`.
 * Class names that are not plain identifiers are left out (they go into a selector).
 */
export function statusClassRules(statuses: readonly StatusOption[]): Record<string, TagColours> {
  const rules: Record<string, TagColours> = {};
  for (const status of statuses) {
    const className = status.color_css || `status-${status.id}`;
    if (!CLASS_NAME.test(className)) continue;
    rules[`& .${className}`] = optionColours(status);
  }
  return rules;
}

/** The stage options by id, for the Stage tag of each row. */
export function stageColoursById(stages: readonly StageOption[]): Map<number, { label: string; colours: TagColours }> {
  return new Map(stages.map((stage) => [stage.id, { label: stage.label, colours: optionColours(stage) }]));
}

/**
 * derived_status classes (contracts' DERIVED_STATUS_CSS) and their colours: the theme's grey, info,
 * error, warning and success hues, darkened where needed so white text keeps 4.5:1.
 */
export const DERIVED_COLOURS: Readonly<Record<string, TagColours>> = {
  'derived-gray': { backgroundColor: '#616161', color: LIGHT_TEXT },
  'derived-blue': { backgroundColor: '#1565c0', color: LIGHT_TEXT },
  'derived-red': { backgroundColor: '#c62828', color: LIGHT_TEXT },
  'derived-orange': { backgroundColor: '#b45309', color: LIGHT_TEXT },
  'derived-green': { backgroundColor: '#2e7d32', color: LIGHT_TEXT },
};

/** The derived classes' rules, as an sx object for the table. */
export function derivedClassRules(): Record<string, TagColours> {
  return Object.fromEntries(Object.entries(DERIVED_COLOURS).map(([className, colours]) => [`& .${className}`, colours]));
}

/** The shape of every tag chip (status, stage, Progress, tags): colours come from the tag. */
export const TAG_SX = {
  display: 'inline-block',
  px: 1,
  py: '2px',
  borderRadius: '4px',
  fontSize: 12,
  fontWeight: 500,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
} as const;
