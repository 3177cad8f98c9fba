import type { DataSource } from 'typeorm';
import type { Permission, Role } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { PasswordHasher } from '../auth/password-hasher';
import { TeamEntity } from '../users/team.entity';
import { UserEntity } from '../users/user.entity';
import { userSnapshotOf } from '../users/users.repository';

export const DEMO_PASSWORD = 'DemoPass1!';

interface SeedUser {
  email: string;
  first_name: string;
  last_name: string;
  roles: Role[];
}

interface SeedTeam {
  name: string;
  permissions: Permission[];
  user_licenses_total: number;
  users: SeedUser[];
}

export const DEMO_TEAMS: SeedTeam[] = [
  {
    name: 'Demo Realty',
    permissions: ['team_esign', 'agent_esign', 'transaction_sync'],
    user_licenses_total: 25,
    users: [
      { email: 'admin@demo-realty.test', first_name: 'Avery', last_name: 'Admin', roles: ['ADMIN'] },
      { email: 'tc@demo-realty.test', first_name: 'Taylor', last_name: 'Coordinator', roles: ['TRANC'] },
      { email: 'isa@demo-realty.test', first_name: 'Isabel', last_name: 'Inside', roles: ['ISISA'] },
      { email: 'agent@demo-realty.test', first_name: 'Alex', last_name: 'Agent', roles: ['AGENT'] },
      { email: 'client@demo-realty.test', first_name: 'Casey', last_name: 'Client', roles: ['CLIENT'] },
      { email: 'vendor@demo-realty.test', first_name: 'Vic', last_name: 'Vendor', roles: ['VENDOR'] },
    ],
  },
  {
    name: 'Rival Homes',
    permissions: [],
    user_licenses_total: 10,
    users: [{ email: 'admin@rival-homes.test', first_name: 'Riley', last_name: 'Rival', roles: ['ADMIN'] }],
  },
];

/**
 * Creates the demo teams and users unless they exist (idempotent), publishing identity.user.created
 * through the outbox so other services' read copies fill in.
 */
export async function seedIdentityDemo(dataSource: DataSource, outbox: EventOutbox): Promise<{ created: string[]; teams: { team_id: number; name: string }[] }> {
  const hasher = new PasswordHasher();
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  const created: string[] = [];
  const teamsSeen: { team_id: number; name: string }[] = [];
  await dataSource.transaction(async (manager) => {
    for (const seedTeam of DEMO_TEAMS) {
      const teams = manager.getRepository(TeamEntity);
      let team = await teams.createQueryBuilder('t').where('lower(t.name) = lower(:name)', { name: seedTeam.name }).getOne();
      if (!team) {
        team = await teams.save(
          teams.create({ name: seedTeam.name, market_id: 0, permissions: seedTeam.permissions, user_licenses_total: seedTeam.user_licenses_total }),
        );
        // team-admin sets up the team's settings (name, timezone, folders) from this event.
        await outbox.publish(manager, 'identity.team.provisioned', team.team_id, { team_id: team.team_id, name: team.name, market_id: team.market_id });
      }
      teamsSeen.push({ team_id: team.team_id, name: team.name });
      for (const seedUser of seedTeam.users) {
        const users = manager.getRepository(UserEntity);
        const exists = await users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: seedUser.email }).getExists();
        if (exists) continue;
        const user = await users.save(
          users.create({
            ...seedUser,
            team_id: team.team_id,
            password_hash: passwordHash,
            mobile_phone: '(555) 555-0100',
            timezone: 'America/New_York',
            status: 'active',
            permissions: [],
          }),
        );
        await outbox.publish(manager, 'identity.user.created', team.team_id, userSnapshotOf({ ...user, team }));
        created.push(seedUser.email);
      }
    }
  });
  return { created, teams: teamsSeen };
}
