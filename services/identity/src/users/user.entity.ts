import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Permission, Role } from '@app/contracts';
import type { Columns } from '@app/database';
import { TeamEntity } from './team.entity';

const numeric = { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn({ name: 'agent_id' })
  agent_id: number;

  @Column('integer')
  team_id: number;

  @ManyToOne(() => TeamEntity)
  @JoinColumn({ name: 'team_id' })
  team?: TeamEntity;

  @Column('text') email: string;
  @Column('text', { select: false }) password_hash: string;
  @Column('text') first_name: string;
  @Column('text') last_name: string;
  @Column('text', { nullable: true }) mobile_phone: string | null;
  @Column('text', { nullable: true }) alternate_email: string | null;
  @Column('text', { nullable: true }) address_1: string | null;
  @Column('text', { nullable: true }) address_2: string | null;
  @Column('text', { nullable: true }) city: string | null;
  @Column('text', { nullable: true }) state: string | null;
  @Column('text', { nullable: true }) postal_code: string | null;
  @Column('text', { nullable: true }) timezone: string | null;
  @Column('text', { default: 'SNAPSHOT' }) default_landing_page: string;
  @Column('text', { nullable: true }) business_entity: string | null;
  @Column('text', { nullable: true }) notes: string | null;
  @Column('numeric', { nullable: true, transformer: numeric }) brokerage_cap_amt: number | null;
  @Column('numeric', { nullable: true, transformer: numeric }) royalty_cap_amt: number | null;
  @Column('date', { nullable: true }) brokerage_cap_anniversary_dt: string | null;
  @Column('date', { nullable: true }) royalty_cap_anniversary_dt: string | null;
  @Column('numeric', { nullable: true, transformer: numeric }) brokerage_pct: number | null;
  @Column('numeric', { nullable: true, transformer: numeric }) agent_pct: number | null;
  @Column('text', { default: 'active' }) status: 'active' | 'inactive';
  @Column('text', { array: true }) roles: Role[];
  @Column('text', { array: true, default: () => "'{}'" }) permissions: Permission[];
  @Column('text', { nullable: true }) profile_image_path: string | null;
  @Column('text', { nullable: true }) skyslope_agent_guid: string | null;
  @Column('boolean', { default: false }) leader_board_exclude: boolean;
  // User administration (migration 130): the admin user form and licences.
  @Column('date', { nullable: true }) start_dt: string | null;
  @Column('boolean', { default: true }) can_download: boolean;
  @Column('boolean', { default: false }) can_download_activities: boolean;
  @Column('boolean', { default: false }) esign_enabled: boolean;
  @Column('boolean', { default: false }) manage_billing: boolean;
  @Column('numeric', { nullable: true, transformer: numeric }) agent_trans_fee_amt: number | null;
  @Column('numeric', { nullable: true, transformer: numeric }) agent_monthly_fee_amt: number | null;
  @Column('text', { nullable: true }) lic_nbr: string | null;
  @Column('text', { nullable: true }) pid: string | null;
  @Column('text', { nullable: true }) career_path: string | null;
  @Column('text', { nullable: true }) lead_source: string | null;
  @Column('integer', { array: true, default: () => "'{}'" }) default_buyer_commission_templates: number[];
  @Column('integer', { array: true, default: () => "'{}'" }) default_seller_commission_templates: number[];
  /** Contacts of the user, fed by the transactions service's contact events (0 until contacts exist). */
  @Column('integer', { default: 0 }) client_count: number;
  /** The vendor organisation of a VENDOR user who enrolled through an invite (such a user takes no licence). */
  @Column('integer', { nullable: true }) vendor_id: number | null;
  @Column('timestamptz', { default: () => 'now()' }) created_ts: Date;
  @Column('timestamptz', { default: () => 'now()' }) updated_ts: Date;
  @Column('timestamptz', { nullable: true }) last_access_ts: Date | null;
}

/** The entity's columns are identity.users' (the generated schema type): a migration that drops or renames one breaks this line. */
export type UserEntityColumns = Columns<'identity.users', Exclude<keyof UserEntity, 'team'>>;
