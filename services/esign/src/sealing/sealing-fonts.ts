import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { create } from '@pdf-lib/fontkit';

/** The bundled faces: values print in DejaVu Sans, typed signatures and initials in DejaVu Serif Italic. */
export const SEALING_FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  script: 'DejaVuSerif-Italic.ttf',
} as const;
export type SealingFontFace = keyof typeof SEALING_FONT_FILES;

const FONTS_DIR = path.join('services', 'esign', 'assets', 'fonts');

/**
 * The folder of the bundled fonts. services/esign/src/sealing -> services/esign/assets/fonts works
 * from the sources (jest) and from the build (dist/services/esign/src/sealing; scripts/build.mjs
 * copies services/<name>/assets/ into dist), whatever the working directory; the working directory
 * is only a last resort.
 */
export function sealingFontsDir(): string {
  const candidates = [path.resolve(__dirname, '..', '..', 'assets', 'fonts'), path.join(process.cwd(), FONTS_DIR)];
  const found = candidates.find((dir) => existsSync(path.join(dir, SEALING_FONT_FILES.regular)));
  if (!found) throw new Error(`E-sign sealing fonts not found: no ${SEALING_FONT_FILES.regular} in ${candidates.join(' or ')}`);
  return found;
}

const cache = new Map<SealingFontFace, Uint8Array>();

/** The TTF bytes of a bundled face, read once per process. */
export function sealingFontBytes(face: SealingFontFace): Uint8Array {
  let bytes = cache.get(face);
  if (!bytes) {
    bytes = readFileSync(path.join(sealingFontsDir(), SEALING_FONT_FILES[face]));
    cache.set(face, bytes);
  }
  return bytes;
}

export interface SealingFontMetrics {
  /** Ascender and descender (positive, below the baseline) of a 1 pt size. */
  ascent: number;
  descent: number;
}

const metricsCache = new Map<SealingFontFace, SealingFontMetrics>();

/** From the font itself: pdf-lib's heightAtSize(size, { descender: false }) subtracts an unscaled descender. */
export function sealingFontMetrics(face: SealingFontFace): SealingFontMetrics {
  let metrics = metricsCache.get(face);
  if (!metrics) {
    const font = create(sealingFontBytes(face));
    metrics = { ascent: font.ascent / font.unitsPerEm, descent: Math.abs(font.descent) / font.unitsPerEm };
    metricsCache.set(face, metrics);
  }
  return metrics;
}
