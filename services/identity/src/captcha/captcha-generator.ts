import { Injectable } from '@nestjs/common';
import * as svgCaptcha from 'svg-captcha';

export interface GeneratedCaptcha {
  /** The answer. */
  text: string;
  /** The distorted image (SVG markup). */
  svg: string;
}

/** Draws a distorted captcha image with noise lines; a provider of its own so tests can see the answer. */
@Injectable()
export class CaptchaGenerator {
  create(): GeneratedCaptcha {
    // No look-alike characters (0/o/O, 1/l/I): answers are compared without case anyway.
    const captcha = svgCaptcha.create({ size: 5, noise: 3, color: true, ignoreChars: '0oO1lIiLjJ', width: 160, height: 50 });
    return { text: captcha.text, svg: captcha.data };
  }
}
