import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../../theme/adminThemes';
import { applyUiSettings, normalizeUiSettings, sameUiSettings, themeModeOf } from './uiSettings';

describe('ui settings -> theme', () => {
  it('scales the base font size and the spacing', () => {
    const small = createTheme(applyUiSettings(lightTheme, { ui_scale: 'ui-small', ui_font_weight: 'fw-400', dark_mode: false }));
    const standard = createTheme(applyUiSettings(lightTheme, { ui_scale: 'ui-default', ui_font_weight: 'fw-400', dark_mode: false }));
    const large = createTheme(applyUiSettings(lightTheme, { ui_scale: 'ui-large', ui_font_weight: 'fw-400', dark_mode: false }));

    expect(small.typography.fontSize).toBe(12);
    expect(standard.typography.fontSize).toBe(14);
    expect(large.typography.fontSize).toBe(16);
    expect(small.spacing(2)).toBe('12px');
    expect(large.spacing(2)).toBe('18px');
    expect(parseFloat(String(large.typography.body1.fontSize))).toBeGreaterThan(parseFloat(String(small.typography.body1.fontSize)));
  });

  it('sets the regular font weight (body text) and keeps medium and bold at least as heavy', () => {
    const bold = createTheme(applyUiSettings(lightTheme, { ui_scale: 'ui-default', ui_font_weight: 'fw-700', dark_mode: false }));
    const semi = createTheme(applyUiSettings(lightTheme, { ui_scale: 'ui-default', ui_font_weight: 'fw-600', dark_mode: false }));
    const regular = createTheme(applyUiSettings(lightTheme, { ui_scale: 'ui-default', ui_font_weight: 'fw-400', dark_mode: false }));

    expect(bold.typography.body1.fontWeight).toBe(700);
    expect(semi.typography.body2.fontWeight).toBe(600);
    expect(semi.typography.fontWeightMedium).toBe(600);
    expect(regular.typography.body1.fontWeight).toBe(400);
    expect(regular.typography.fontWeightMedium).toBe(500);
  });

  it('keeps the brand (palette, breakpoints, font family) of the theme it starts from', () => {
    const theme = createTheme(applyUiSettings(darkTheme, { ui_scale: 'ui-large', ui_font_weight: 'fw-600', dark_mode: true }));

    expect(theme.palette.mode).toBe('dark');
    expect(theme.breakpoints.values.sm).toBe(961);
    expect(theme.typography.fontFamily).toContain('Inter');
  });

  it('maps dark_mode to the theme mode', () => {
    expect(themeModeOf({ ui_scale: 'ui-default', ui_font_weight: 'fw-400', dark_mode: true })).toBe('dark');
    expect(themeModeOf({ ui_scale: 'ui-default', ui_font_weight: 'fw-400', dark_mode: false })).toBe('light');
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(normalizeUiSettings(null)).toEqual({ ui_scale: 'ui-default', ui_font_weight: 'fw-400', dark_mode: false });
    expect(normalizeUiSettings({ ui_scale: 'ui-huge' as never, ui_font_weight: 'fw-700', dark_mode: 'yes' as never })).toEqual({
      ui_scale: 'ui-default',
      ui_font_weight: 'fw-700',
      dark_mode: false,
    });
    expect(
      sameUiSettings(normalizeUiSettings({ ui_scale: 'ui-small' }), { ui_scale: 'ui-small', ui_font_weight: 'fw-400', dark_mode: false }),
    ).toBe(true);
  });
});
