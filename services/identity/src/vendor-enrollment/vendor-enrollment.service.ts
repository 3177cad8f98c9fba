import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  VENDOR_ENROLLMENT_MESSAGES as M,
  VENDOR_ENROLLMENT_PATH,
  VENDOR_INVITE_TTL_DAYS,
  type VendorInviteCreated,
  type VendorInviteInfo,
  type VendorInviteRecord,
  type VendorInviteStatus,
} from '@app/contracts';
import { EventOutbox } from '@app/events';
import { SERVICE_CONFIG } from '@app/platform';
import { PasswordHasher } from '../auth/password-hasher';
import { hashToken } from '../auth/refresh-tokens.repository';
import type { IdentityConfig } from '../identity.config';
import { UserEntity } from '../users/user.entity';
import { userSnapshotOf } from '../users/user-snapshot';
import { UsersRepository } from '../users/users.repository';
import type { CreateVendorInviteDto, RevokeVendorInviteDto, VendorEnrollmentDto } from './dto/vendor-enrollment.dto';
import { contactEmailTaken, inviteAlreadyUsed, inviteNotFound, inviteRefusal } from './vendor-enrollment.errors';
import { inviteStatusOf, VendorEnrollmentRepository } from './vendor-enrollment.repository';
import { VendorInviteMailer } from './vendor-invite-mailer';

/** A new invite token: 32 random bytes; only its SHA-256 is stored. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

function isDuplicateEmail(error: unknown): boolean {
  const driverError = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : null;
  return driverError?.code === '23505' && driverError.constraint === 'users_email_key';
}

/**
 * Vendor enrollment (spec 001): a team's ADMIN or TRANC makes invite links; anyone with a live link
 * enrolls a vendor organisation and its VENDOR user (the primary contact), who takes no user licence
 * and gets the login instructions by mail (SendLoginInstructionsWhenVendorEnrolled).
 */
@Injectable()
export class VendorEnrollmentService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly repository: VendorEnrollmentRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: EventOutbox,
    private readonly mailer: VendorInviteMailer,
  ) {}

  /** The link of a token: the console's public form. */
  urlOf(token: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${VENDOR_ENROLLMENT_PATH}?invite_token=${encodeURIComponent(token)}`;
  }

  async createInvite(caller: AuthenticatedUser, body: CreateVendorInviteDto): Promise<VendorInviteCreated & { status: 'success' }> {
    const { token, tokenHash } = newInviteToken();
    const email = body.email ?? null;
    const name = body.name ?? null;
    const url = this.urlOf(token);
    // The invite and its mail in one transaction (the mail through the outbox): no Redis on this path, and a
    // stored invite with an email always gets its mail.
    const { expires_at } = await this.dataSource.transaction(async (manager) => {
      const stored = await this.repository.insertInvite(
        {
          team_id: caller.team_id,
          token_hash: tokenHash,
          email,
          name,
          vendor_type: body.vendor_type ?? null,
          created_by_agent_id: caller.agent_id,
          ttl_days: VENDOR_INVITE_TTL_DAYS,
        },
        manager,
      );
      if (email) {
        const invite = await this.repository.inviteByHash(tokenHash, manager);
        await this.mailer.send(manager, { team_id: caller.team_id, email, name, team_name: invite?.team_name ?? '', url });
      }
      return stored;
    });
    return { status: 'success', invite_token: token, url, expires_at: new Date(expires_at).toISOString() };
  }

  list(caller: AuthenticatedUser, status?: VendorInviteStatus): Promise<VendorInviteRecord[]> {
    return this.repository.list(caller.team_id, status);
  }

  /** Revokes a pending (or expired) invite of the caller's team; a used one cannot be (409). */
  async revoke(caller: AuthenticatedUser, body: RevokeVendorInviteDto): Promise<{ status: 'success'; message: string }> {
    await this.dataSource.transaction(async (manager) => {
      const invite = await this.repository.inviteOfTeam(
        caller.team_id,
        body.invite_id !== undefined ? { invite_id: body.invite_id } : { token_hash: hashToken(body.invite_token ?? '') },
        manager,
      );
      if (!invite) throw inviteNotFound();
      if (invite.used_ts) throw inviteAlreadyUsed();
      await this.repository.revoke(invite.invite_id, manager);
    });
    return { status: 'success', message: M.inviteRevoked };
  }

  /** The form prefilled from a live invite (public). */
  async info(token: string): Promise<VendorInviteInfo> {
    const invite = await this.repository.inviteByHash(hashToken(token));
    const refusal = inviteRefusal(invite ? inviteStatusOf(invite) : 'unknown');
    if (refusal) throw refusal;
    return {
      team_name: invite!.team_name,
      name: invite!.name ?? '',
      address: { address_1: '', address_2: '', city: '', state: '', postal_code: '' },
      primary_contact: { first_name: '', last_name: '', email: invite!.email ?? '', phone: '' },
    };
  }

  /**
   * Enrolls in one transaction: the invite is spent, the vendor organisation and its VENDOR user (active,
   * no usable password) are made, and identity.user.created and identity.vendor.enrolled are written to
   * the outbox. No licence check: such a user takes none.
   */
  async enroll(body: VendorEnrollmentDto): Promise<{ status: 'success'; message: string }> {
    const unusableHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const contact = body.primary_contact;
    await this.dataSource.transaction(async (manager) => {
      const invite = await this.repository.inviteByHash(hashToken(body.invite_token), manager);
      const refusal = inviteRefusal(invite ? inviteStatusOf(invite) : 'unknown');
      if (refusal) throw refusal;
      if (await this.users.emailTaken(contact.email, 0, manager)) throw contactEmailTaken();

      const vendor = await this.repository.insertOrganisation(
        {
          team_id: invite!.team_id,
          name: body.name,
          vendor_type: invite!.vendor_type,
          address_1: body.address.address_1,
          address_2: body.address.address_2 ?? null,
          city: body.address.city,
          state: body.address.state,
          postal_code: body.address.postal_code,
        },
        manager,
      );
      const users = manager.getRepository(UserEntity);
      let saved: UserEntity;
      try {
        saved = await users.save(
          users.create({
            team_id: invite!.team_id,
            email: contact.email,
            password_hash: unusableHash,
            first_name: contact.first_name,
            last_name: contact.last_name,
            mobile_phone: contact.phone,
            roles: ['VENDOR'],
            status: 'active',
            permissions: [],
            vendor_id: vendor.vendor_id,
          }),
        );
      } catch (error) {
        if (isDuplicateEmail(error)) throw contactEmailTaken();
        throw error;
      }
      await this.repository.markUsed(invite!.invite_id, vendor.vendor_id, manager);
      const user = (await this.users.findInTeam(saved.agent_id, invite!.team_id, manager))!;
      await this.outbox.publish(manager, 'identity.user.created', user.team_id, userSnapshotOf(user));
      await this.outbox.publish(manager, 'identity.vendor.enrolled', user.team_id, {
        vendor_id: vendor.vendor_id,
        team_id: user.team_id,
        agent_id: user.agent_id,
        name: body.name,
        vendor_type: invite!.vendor_type,
        logo_path: vendor.logo_path,
      });
    });
    return { status: 'success', message: M.success };
  }
}
