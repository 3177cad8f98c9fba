import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserProfile } from '@app/contracts';
import type { AuthenticatedUser } from '@app/auth';
import { EventOutbox } from '@app/events';
import { UsersRepository, userSnapshotOf } from '../users/users.repository';
import { profileOf } from './profile.mapper';
import type { UpdateProfileDto } from './dto/update-profile.dto';

@Injectable()
export class ProfileService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly outbox: EventOutbox,
  ) {}

  async get(caller: AuthenticatedUser): Promise<UserProfile> {
    const user = await this.users.findInTeam(caller.agent_id, caller.team_id);
    if (!user) throw new NotFoundException('User not found');
    return profileOf(user, caller.roles);
  }

  /** Saves the caller's own profile and publishes identity.user.updated in the same transaction. */
  async update(caller: AuthenticatedUser, changes: UpdateProfileDto): Promise<UserProfile> {
    const saved = await this.dataSource.transaction(async (manager) => {
      const user = await this.users.findInTeam(caller.agent_id, caller.team_id, manager);
      if (!user) throw new NotFoundException('User not found');
      Object.assign(user, changes, { updated_ts: new Date() });
      const result = await this.users.save(user, manager);
      await this.outbox.publish(manager, 'identity.user.updated', user.team_id, userSnapshotOf(result));
      return result;
    });
    return profileOf(saved, caller.roles);
  }
}
