import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Permission } from '@app/contracts';
import type { Columns } from '@app/database';

/** Tenancy record: the team a user belongs to, its market and its plan. */
@Entity({ name: 'teams' })
export class TeamEntity {
  @PrimaryGeneratedColumn({ name: 'team_id' })
  team_id: number;

  @Column('text')
  name: string;

  @Column('integer', { default: 0 })
  market_id: number;

  @Column('text', { array: true, default: () => "'{}'" })
  permissions: Permission[];

  @Column('integer', { default: 0 })
  user_licenses_total: number;

  @Column('integer', { default: 0 })
  esign_seats_total: number;
}

/** The entity's columns are identity.teams' (the generated schema type): a migration that drops or renames one breaks this line. */
export type TeamEntityColumns = Columns<'identity.teams', keyof TeamEntity>;
