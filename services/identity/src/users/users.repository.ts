import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(UserEntity);
  }

  /** For sign-in: includes the password hash. */
  findByEmailWithSecret(email: string) {
    return this.repo()
      .createQueryBuilder('u')
      .addSelect('u.password_hash')
      .leftJoinAndSelect('u.team', 'team')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  /** A user of the given team, or null: another team's id is simply not found. */
  // A join and getOne: one statement (findOne with relations adds a DISTINCT round trip for its LIMIT 1).
  findInTeam(agentId: number, teamId: number, manager?: EntityManager) {
    return this.repo(manager)
      .createQueryBuilder('u')
      .leftJoinAndSelect('u.team', 'team')
      .where('u.agent_id = :agentId AND u.team_id = :teamId', { agentId, teamId })
      .getOne();
  }

  findById(agentId: number, manager?: EntityManager) {
    return this.repo(manager)
      .createQueryBuilder('u')
      .leftJoinAndSelect('u.team', 'team')
      .where('u.agent_id = :agentId', { agentId })
      .getOne();
  }

  /** Whether another user already signs in with this email (case-insensitive). */
  emailTaken(email: string, exceptAgentId: number, manager?: EntityManager) {
    return this.repo(manager)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email) AND u.agent_id <> :id', { email, id: exceptAgentId })
      .getExists();
  }

  save(user: UserEntity, manager?: EntityManager) {
    return this.repo(manager).save(user);
  }

  touchLastAccess(agentId: number) {
    return this.repo().update({ agent_id: agentId }, { last_access_ts: new Date() });
  }
}
