import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { ACCOUNT_MESSAGES, type FieldError } from '@app/contracts';
import { CURRENT_PASSWORD_LIMITS, FieldErrorsException, RateLimiter } from '@app/platform';
import type { ClientContext } from '../auth/auth.service';
import { PasswordHasher } from '../auth/password-hasher';
import { RefreshTokensRepository } from '../auth/refresh-tokens.repository';
import type { ChangePasswordDto } from './dto/password.dto';
import { PASSWORD_MESSAGES, passwordRuleErrors } from './password-rules';
import type { StatusMessage } from './password-recovery.service';
import { PasswordRepository } from './password.repository';

/** The signed-in user's own password change. */
@Injectable()
export class ChangePasswordService {
  constructor(
    private readonly passwords: PasswordRepository,
    private readonly hasher: PasswordHasher,
    private readonly limits: RateLimiter,
    private readonly refreshTokens: RefreshTokensRepository,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  /**
   * A wrong current password counts like a failed sign-in of the account from that IP (a stolen access
   * token must not become a password-guessing oracle). Once changed, every other session of the user
   * ends; the one it was changed from goes on.
   */
  async change(caller: AuthenticatedUser, body: ChangePasswordDto, client: ClientContext): Promise<StatusMessage> {
    const account = await this.passwords.passwordHashOf(caller.agent_id, caller.team_id);
    if (account === null) throw new UnauthorizedException();
    const attempt = { ip: client.ip, account: `agent:${caller.agent_id}` };
    await this.limits.assertAllowed(CURRENT_PASSWORD_LIMITS, attempt);
    const errors: FieldError[] = [];
    if (!body.current_password) errors.push({ field: 'current_password', error: ACCOUNT_MESSAGES.fieldRequired });
    else if (!(await this.hasher.verify(account, body.current_password))) {
      await this.limits.recordFailure(CURRENT_PASSWORD_LIMITS, attempt);
      errors.push({ field: 'current_password', error: PASSWORD_MESSAGES.currentIncorrect });
    }
    errors.push(
      ...passwordRuleErrors(
        { password: body.new_password, confirm: body.confirm_new_password },
        { password: 'new_password', confirm: 'confirm_new_password' },
        { requireNumberAndSpecial: false },
      ),
    );
    if (errors.length) throw new FieldErrorsException(errors);
    await this.limits.recordSuccess(CURRENT_PASSWORD_LIMITS, attempt);
    const hash = await this.hasher.hash(body.new_password);
    await this.dataSource.transaction(async (manager) => {
      await this.passwords.setPasswordHash(caller.agent_id, hash, manager);
      await this.refreshTokens.revokeAllOf(caller.agent_id, manager, caller.session_id ?? null);
    });
    return { status: 'ok', message: ACCOUNT_MESSAGES.passwordUpdated };
  }
}
