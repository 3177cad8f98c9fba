import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { EventOutbox } from '@app/events';
import { FieldErrorsException } from '@app/platform';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { userSnapshotOf } from '../users/user-snapshot';
import { UsersRepository } from '../users/users.repository';
import type { UserEntity } from '../users/user.entity';
import { capsRuleOf, hasTransactionSync, profileOf, type AccountProfile } from './profile.mapper';
import { PROFILE_MESSAGES } from './profile.errors';
import { ProfileRepository } from './profile.repository';
import { CAP_FIELDS, type UpdateProfileDto } from './dto/update-profile.dto';
import { fromDashedUsDate } from '@app/dates';

type CapField = (typeof CAP_FIELDS)[number];

@Injectable()
export class ProfileService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly profiles: ProfileRepository,
    private readonly outbox: EventOutbox,
  ) {}

  async get(caller: AuthenticatedUser): Promise<AccountProfile> {
    const user = await this.profiles.find(caller.agent_id, caller.team_id);
    if (!user) throw new NotFoundException(PROFILE_MESSAGES.userNotFound);
    return profileOf(user, caller.roles);
  }

  /**
   * Saves the caller's own profile and publishes identity.user.updated in the same transaction.
   * Rules are read from the stored user and team (not the token), so a permission granted a minute ago counts.
   */
  async update(caller: AuthenticatedUser, changes: UpdateProfileDto): Promise<AccountProfile> {
    const saved = await this.dataSource.transaction(async (manager) => {
      const user = await this.users.findInTeam(caller.agent_id, caller.team_id, manager);
      if (!user) throw new NotFoundException(PROFILE_MESSAGES.userNotFound);

      if (changes.notes !== undefined && !user.roles.includes('ADMIN') && changes.notes !== user.notes) {
        throw new ForbiddenException(PROFILE_MESSAGES.notesAdminOnly);
      }
      const capChanges = changedCapFields(user, changes);
      if (capChanges.length) {
        const rule = capsRuleOf(user);
        if (rule.reason === 'market') throw new ForbiddenException(PROFILE_MESSAGES.capsMarket);
        if (rule.reason === 'permission') throw new ForbiddenException(PROFILE_MESSAGES.capsPermission);
      }
      if (changes.integrations !== undefined && !hasTransactionSync(user)) {
        throw new ForbiddenException(PROFILE_MESSAGES.integrationsDisabled);
      }
      if (changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase()) {
        if (await this.users.emailTaken(changes.email, user.agent_id, manager)) {
          throw new FieldErrorsException([{ field: 'email', error: PROFILE_MESSAGES.emailInUse }], ACCOUNT_MESSAGES.formError);
        }
      }

      const { integrations, brokerage_cap_anniversary_dt, royalty_cap_anniversary_dt, ...plain } = changes;
      Object.assign(user, stripUndefined(plain), { updated_ts: new Date() });
      if (brokerage_cap_anniversary_dt !== undefined)
        user.brokerage_cap_anniversary_dt = brokerage_cap_anniversary_dt && fromDashedUsDate(brokerage_cap_anniversary_dt);
      if (royalty_cap_anniversary_dt !== undefined)
        user.royalty_cap_anniversary_dt = royalty_cap_anniversary_dt && fromDashedUsDate(royalty_cap_anniversary_dt);
      if (integrations?.skyslope_agent_guid !== undefined) user.skyslope_agent_guid = integrations.skyslope_agent_guid || null;

      const result = await this.users.save(user, manager);
      await this.outbox.publish(manager, 'identity.user.updated', user.team_id, userSnapshotOf(result));
      return result;
    });
    return profileOf(saved, caller.roles);
  }
}

/** The cap and split fields whose value differs from what is stored (sending the stored value back is allowed). */
function changedCapFields(user: UserEntity, changes: UpdateProfileDto): CapField[] {
  return CAP_FIELDS.filter((field) => {
    const next = changes[field];
    if (next === undefined) return false;
    if (field === 'brokerage_cap_anniversary_dt' || field === 'royalty_cap_anniversary_dt') {
      return (next === null ? null : fromDashedUsDate(next as string)) !== user[field];
    }
    return (next === null ? null : Number(next)) !== user[field];
  });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
