import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { BRAND_NAME } from './messages';

export interface BrandLogoProps {
  /** Height of the mark in px; the word mark scales with it. */
  size?: number;
  /** Show the product name next to the mark. */
  withName?: boolean;
  /** 'inverse' draws a white tile, for coloured backgrounds such as the app bar. */
  tone?: 'brand' | 'inverse';
  sx?: SxProps<Theme>;
}

const TONES = {
  brand: { tile: '#1f4e79', stroke: '#ffffff' },
  inverse: { tile: '#ffffff', stroke: '#1f4e79' },
} as const;

/** The product's mark: a house in a rounded tile, with an optional word mark. */
export const BrandLogo = ({ size = 40, withName = true, tone = 'brand', sx }: BrandLogoProps) => {
  const colours = TONES[tone];
  return (
    <Box
      data-testid="brand-logo"
      role="img"
      aria-label={BRAND_NAME}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: `${size / 4}px`, ...sx }}
    >
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={colours.tile} />
        <path d="M14 32 32 16l18 16" fill="none" stroke={colours.stroke} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M20 30v18h24V30" fill="none" stroke={colours.stroke} strokeWidth="5" strokeLinejoin="round" />
        <rect x="28" y="36" width="8" height="12" rx="1.5" fill="#f2a93b" />
      </svg>
      {withName && (
        <Box
          component="span"
          aria-hidden="true"
          sx={{ fontWeight: 700, fontSize: size * 0.5, letterSpacing: '0.02em', lineHeight: 1, color: 'inherit' }}
        >
          {BRAND_NAME}
        </Box>
      )}
    </Box>
  );
};
