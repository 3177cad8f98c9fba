import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, USER_LIST_DEFAULTS, type LoginHistoryRow, type TableResponse } from '@app/contracts';
import { paginationOf } from '@app/database';
import { FieldErrorsException } from '@app/platform';
import { PasswordHasher } from '../auth/password-hasher';
import { RefreshTokensRepository } from '../auth/refresh-tokens.repository';
import { passwordRuleErrors } from '../password/password-rules';
import { PasswordRepository } from '../password/password.repository';
import { ResetMailer } from '../password/reset-mailer.service';
import type { ProfileImageUploadDto } from '../profile/dto/profile-image.dto';
import { ProfileImageService } from '../profile/profile-image.service';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { HISTORY_TABLE_COLS, historyRowOf, isTeamMember } from './admin-user.mapper';
import { ADMIN_USER_ERRORS } from './admin-users.errors';
import { AdminUsersRepository } from './admin-users.repository';
import type { Success } from './admin-users.service';
import type { AdminSetPasswordDto, SendUserEmailDto, UserHistoryQueryDto } from './dto/admin-user-query.dto';

/** What an ADMIN does to a user's access: passwords, welcome and reset mails, sign-in history, avatar. */
@Injectable()
export class AdminUserAccessService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly repository: AdminUsersRepository,
    private readonly passwords: PasswordRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailer: ResetMailer,
    private readonly images: ProfileImageService,
  ) {}

  /** Mails a reset (or welcome) link; its key is spent by POST /auth/reset-password. */
  async sendEmail(caller: AuthenticatedUser, body: SendUserEmailDto, ip: string | null): Promise<Success> {
    const user = await this.memberOf(caller, body.agent_id);
    // The reset page refuses the key of an inactive user: a link that cannot work is not sent.
    if (user.status !== 'active') throw new BadRequestException(ADMIN_USER_ERRORS.userInactive);
    const recipient = { agent_id: user.agent_id, email: user.email, first_name: user.first_name };
    await this.dataSource.transaction(async (manager) => {
      if (body.type === 'welcome') await this.mailer.sendWelcome(manager, { ...recipient, team_name: user.team?.name ?? '' }, ip);
      else await this.mailer.sendReset(manager, recipient, ip);
    });
    return { status: 'success', message: ADMIN_MESSAGES.emailSent };
  }

  /** Sets the user's password (reset and admin rules of section 5); the user's sessions and reset links end. */
  async setPassword(caller: AuthenticatedUser, body: AdminSetPasswordDto): Promise<Success> {
    const user = await this.memberOf(caller, body.agent_id);
    const errors = passwordRuleErrors(
      { password: body.new_password, confirm: body.confirm_new_password },
      { password: 'new_password', confirm: 'confirm_new_password' },
      { requireNumberAndSpecial: true },
    );
    if (errors.length) throw new FieldErrorsException(errors);
    const hash = await this.hasher.hash(body.new_password);
    await this.dataSource.transaction(async (manager) => {
      await this.passwords.setPasswordHash(user.agent_id, hash, manager);
      await this.passwords.spendAllResetKeysOf(user.agent_id, manager);
      await this.refreshTokens.revokeAllOf(user.agent_id, manager);
    });
    return { status: 'success', message: ADMIN_MESSAGES.passwordUpdated };
  }

  async history(caller: AuthenticatedUser, query: UserHistoryQueryDto): Promise<TableResponse<LoginHistoryRow>> {
    const user = await this.memberOf(caller, query.agent_id);
    const page = query.page ?? USER_LIST_DEFAULTS.page;
    const perPage = query.per_page ?? USER_LIST_DEFAULTS.per_page;
    const { rows, total } = await this.repository.history(user.agent_id, perPage, (page - 1) * perPage);
    return { table: { data: rows.map(historyRowOf), cols: [...HISTORY_TABLE_COLS] }, pagination: paginationOf(total, page, perPage) };
  }

  /** As POST /user/profile/image?agent_id= (existing team members only). */
  async requestAvatarUpload(caller: AuthenticatedUser, agentId: number, file: ProfileImageUploadDto) {
    await this.memberOf(caller, agentId);
    return this.images.requestUpload(caller, agentId, file);
  }

  async confirmAvatar(caller: AuthenticatedUser, agentId: number, key: string) {
    await this.memberOf(caller, agentId);
    return this.images.confirm(caller, agentId, key);
  }

  private async memberOf(caller: AuthenticatedUser, agentId: number): Promise<UserEntity> {
    const user = await this.users.findInTeam(agentId, caller.team_id);
    if (!user || !isTeamMember(user)) throw new NotFoundException(ADMIN_USER_ERRORS.userNotFound);
    return user;
  }
}
