import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import { ACCOUNT_MESSAGES, type FieldError } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { PasswordHasher } from '../auth/password-hasher';
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
  ) {}

  async change(caller: AuthenticatedUser, body: ChangePasswordDto): Promise<StatusMessage> {
    const stored = await this.passwords.passwordHashOf(caller.agent_id, caller.team_id);
    if (stored === null) throw new UnauthorizedException();
    const errors: FieldError[] = [];
    if (!body.current_password) errors.push({ field: 'current_password', error: ACCOUNT_MESSAGES.fieldRequired });
    else if (!(await this.hasher.verify(stored, body.current_password))) {
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
    await this.passwords.setPasswordHash(caller.agent_id, await this.hasher.hash(body.new_password));
    return { status: 'ok', message: ACCOUNT_MESSAGES.passwordUpdated };
  }
}
