import { Inject, Injectable } from '@nestjs/common';
import svgCaptcha from 'svg-captcha';
import { SERVICE_CONFIG } from '@app/platform';
import type { IdentityConfig } from '../identity.config';

// svg-captcha's module is also a function that draws a given text; its typings omit that.
const drawText = svgCaptcha as unknown as (text: string, options: object) => string;

export interface GeneratedCaptcha {
  /** The answer. */
  text: string;
  /** The distorted image (SVG markup). */
  svg: string;
}

/** Draws a distorted captcha image with noise lines; a provider of its own so tests can see the answer. */
@Injectable()
export class CaptchaGenerator {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: Pick<IdentityConfig, 'CAPTCHA_FIXED_ANSWER'>) {}

  create(): GeneratedCaptcha {
    const drawing = { noise: 3, color: true, width: 160, height: 50 };
    const fixed = this.config.CAPTCHA_FIXED_ANSWER;
    // Refused in production by the config check; lets a scripted browser through in development.
    if (fixed) return { text: fixed, svg: drawText(fixed, drawing) };
    // No look-alike characters (0/o/O, 1/l/I): answers are compared without case anyway.
    const captcha = svgCaptcha.create({ size: 5, ignoreChars: '0oO1lIiLjJ', ...drawing });
    return { text: captcha.text, svg: captcha.data };
  }
}
