import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CaptchaResponse } from '@app/contracts';
import { CaptchaGenerator } from './captcha-generator';
import { CaptchaRepository } from './captcha.repository';

export const CAPTCHA_TTL_SECONDS = 10 * 60;

/** The stored form of an answer: salted with the captcha id, compared without case. */
function answerHashOf(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');
}

@Injectable()
export class CaptchaService {
  constructor(
    private readonly generator: CaptchaGenerator,
    private readonly captchas: CaptchaRepository,
  ) {}

  async create(): Promise<CaptchaResponse> {
    const { text, svg } = this.generator.create();
    const id = randomBytes(24).toString('base64url');
    await this.captchas.insert(id, answerHashOf(id, text), CAPTCHA_TTL_SECONDS);
    return {
      captcha_image_base64: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      captcha_hash: id,
    };
  }

  /** True when the answer is right; the captcha is spent either way. */
  async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || typeof id !== 'string') return false;
    const stored = await this.captchas.consume(id);
    if (!stored || !answer) return false;
    return timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(answerHashOf(id, answer), 'hex'));
  }
}
