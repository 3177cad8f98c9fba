import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { FieldErrorsException, RateLimiter } from '@app/platform';
import { PasswordHasher } from '../auth/password-hasher';
import { hashToken, RefreshTokensRepository } from '../auth/refresh-tokens.repository';
import { CaptchaService } from '../captcha/captcha.service';
import type { ForgotPasswordDto, ResetPasswordDto } from './dto/password.dto';
import { PASSWORD_MESSAGES, passwordRuleErrors } from './password-rules';
import { PasswordRepository } from './password.repository';
import { newResetSecret, ResetMailer } from './reset-mailer.service';

export { RESET_KEY_TTL_SECONDS } from './reset-mailer.service';

/**
 * Forgot-password answers no sooner than this: with or without an account behind the email the
 * same hashing is done, and the floor hides the remaining insert of the key and its mail.
 */
export const FORGOT_MIN_RESPONSE_MS = 150;

export interface StatusMessage {
  status: 'ok';
  message: string;
}

@Injectable()
export class PasswordRecoveryService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly captchas: CaptchaService,
    private readonly passwords: PasswordRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly hasher: PasswordHasher,
    private readonly limits: RateLimiter,
    private readonly mailer: ResetMailer,
  ) {}

  async forgot(body: ForgotPasswordDto, ip: string): Promise<StatusMessage> {
    await this.limits.hit('password-recovery', { ip });
    if (!(await this.captchas.verify(body.captcha_hash, body.captcha_string))) {
      throw new FieldErrorsException([{ field: 'captcha_string', error: ACCOUNT_MESSAGES.invalidCaptcha }]);
    }
    const started = Date.now();
    // Same work whether or not the email belongs to someone: a key, its hash, the mail counter, a lookup.
    const secret = newResetSecret();
    const mayMail = await this.limits.allows('reset-mails', { account: body.email });
    const user = await this.passwords.findActiveByEmail(body.email);
    // The key and its mail in one transaction (the mail through the outbox): no Redis on this path.
    if (user && mayMail) await this.dataSource.transaction((manager) => this.mailer.sendReset(manager, user, ip, secret));
    const wait = FORGOT_MIN_RESPONSE_MS - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { status: 'ok', message: PASSWORD_MESSAGES.forgotAccepted };
  }

  /**
   * The reset screen asks on opening whether its link still works, so a used or expired link is told
   * before any password is typed. Not counted against the per-IP limit: a key is 32 random bytes (no
   * guessing), and the reset itself stays limited. Spends nothing.
   */
  async checkResetKey(resetKey: string | undefined): Promise<{ status: 'ok' }> {
    if (!resetKey || !(await this.passwords.isLiveResetKey(hashToken(resetKey)))) {
      throw new BadRequestException(PASSWORD_MESSAGES.resetLinkInvalid);
    }
    return { status: 'ok' };
  }

  async reset(body: ResetPasswordDto, ip: string): Promise<StatusMessage> {
    await this.limits.hit('password-recovery', { ip });
    const errors = passwordRuleErrors(
      { password: body.password, confirm: body.verify_password },
      { password: 'password', confirm: 'verify_password' },
      { requireNumberAndSpecial: true },
    );
    if (errors.length) throw new FieldErrorsException(errors);
    if (!body.reset_key) throw new BadRequestException(PASSWORD_MESSAGES.resetLinkInvalid);

    const hash = await this.hasher.hash(body.password);
    const done = await this.dataSource.transaction(async (manager) => {
      const agentId = await this.passwords.consumeResetKey(hashToken(body.reset_key), manager);
      if (agentId === null) return false;
      await this.passwords.setPasswordHash(agentId, hash, manager);
      await this.passwords.spendAllResetKeysOf(agentId, manager);
      // Whoever held a session (perhaps the reason for the reset) has to sign in again.
      await this.refreshTokens.revokeAllOf(agentId, manager);
      return true;
    });
    if (!done) throw new BadRequestException(PASSWORD_MESSAGES.resetLinkInvalid);
    return { status: 'ok', message: ACCOUNT_MESSAGES.passwordUpdated };
  }
}
