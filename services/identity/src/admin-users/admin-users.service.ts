import { randomBytes } from 'node:crypto';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, ADMIN_USER_FORM_DEFAULTS, COMMISSION_MESSAGES, type AdminUserRecord, type FieldError } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { FieldErrorsException } from '@app/platform';
import { StorageService } from '@app/storage';
import { effectivePermissions } from '../auth/auth.service';
import { PasswordHasher } from '../auth/password-hasher';
import { CommissionTemplatesRepository } from '../commission-templates/commission-templates.repository';
import { RefreshTokensRepository } from '../auth/refresh-tokens.repository';
import { PasswordRepository } from '../password/password.repository';
import { ResetMailer } from '../password/reset-mailer.service';
import { DOWNLOAD_URL_TTL_SECONDS } from '../profile/profile-image.service';
import { UserEntity } from '../users/user.entity';
import { userSnapshotOf } from '../users/user-snapshot';
import { UsersRepository } from '../users/users.repository';
import { applyForm, isTeamMember, recordOf, roleOf } from './admin-user.mapper';
import { ADMIN_USER_ERRORS } from './admin-users.errors';
import { AdminUsersRepository } from './admin-users.repository';
import type { AdminUserFormDto, UpdateAdminUserDto } from './dto/admin-user-form.dto';
import { LicencesService } from './licences.service';

export interface Success {
  status: 'success';
  message: string;
}
export interface RecordAnswer extends Success {
  record: AdminUserRecord;
}

// The form's defaults (spec 000 section 3) that are columns; send_welcome_email is an instruction, not stored.
const { send_welcome_email: WELCOME_BY_DEFAULT, ...COLUMN_DEFAULTS } = ADMIN_USER_FORM_DEFAULTS;

const emailTaken = () => new FieldErrorsException([{ field: 'email', error: ADMIN_MESSAGES.emailTaken }]);

/** Another request took the email between the check and the write (users_email_key). */
function isDuplicateEmail(error: unknown): boolean {
  const driverError = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : null;
  return driverError?.code === '23505' && driverError.constraint === 'users_email_key';
}

/** The users of a team as its ADMIN manages them: the user form, disable and activate (spec 000 sections 3 to 8). */
@Injectable()
export class AdminUsersService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly repository: AdminUsersRepository,
    private readonly licences: LicencesService,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly passwords: PasswordRepository,
    private readonly hasher: PasswordHasher,
    private readonly mailer: ResetMailer,
    private readonly outbox: EventOutbox,
    private readonly templates: CommissionTemplatesRepository,
    private readonly storage: StorageService,
  ) {}

  async get(caller: AuthenticatedUser, agentId: number): Promise<AdminUserRecord> {
    return this.recordOf(await this.memberOf(caller, agentId));
  }

  /**
   * Adds an active user to the caller's team. The user has no usable password: with send_welcome_email
   * (default) a welcome mail carries a 7-day link to choose one.
   */
  async create(caller: AuthenticatedUser, form: AdminUserFormDto, ip: string | null): Promise<RecordAnswer & { agent_id: number }> {
    // A hash of a secret nobody knows: sign-in fails (in normal time) until the user sets a password.
    const unusableHash = await this.hasher.hash(randomBytes(32).toString('base64url'));
    const { send_welcome_email = WELCOME_BY_DEFAULT, ...fields } = form;
    const saved = await this.dataSource.transaction(async (manager) => {
      const team = await this.repository.lockTeam(caller.team_id, manager);
      if (!team) throw new NotFoundException(ADMIN_USER_ERRORS.userNotFound);
      await this.checkTemplates(team.team_id, fields.role_id, fields.default_commission_templates, null, manager);
      const user = manager
        .getRepository(UserEntity)
        .create({ team_id: team.team_id, password_hash: unusableHash, status: 'active', permissions: [] });
      applyForm(user, { ...COLUMN_DEFAULTS, ...fields });

      if (user.esign_enabled) this.licences.assertEsignPermitted(team);
      await this.licences.assertCapacity(team, { licence: true, esignSeat: user.esign_enabled }, manager);
      if (await this.users.emailTaken(user.email, 0, manager)) throw emailTaken();

      const { agent_id } = await this.save(user, manager);
      const created = (await this.users.findInTeam(agent_id, team.team_id, manager))!;
      await this.outbox.publish(manager, 'identity.user.created', team.team_id, userSnapshotOf(created));
      // The welcome link and its mail with the user (the mail through the outbox): a saved user always gets it.
      if (send_welcome_email)
        await this.mailer.sendWelcome(
          manager,
          { agent_id: created.agent_id, email: created.email, first_name: created.first_name, team_name: created.team?.name ?? '' },
          ip,
        );
      return created;
    });
    return { status: 'success', message: ADMIN_MESSAGES.userAdded, agent_id: saved.agent_id, record: await this.recordOf(saved) };
  }

  async update(caller: AuthenticatedUser, changes: UpdateAdminUserDto): Promise<RecordAnswer> {
    // Read-only and create-only fields of a record sent back whole.
    const { agent_id, status: _status, profile_image_url: _image, send_welcome_email: _welcome, ...form } = changes;
    const saved = await this.dataSource.transaction(async (manager) => {
      const user = await this.memberOf(caller, agent_id, manager);
      if (agent_id === caller.agent_id && form.role_id !== undefined && form.role_id !== roleOf(user)) {
        // The team could otherwise lose its last ADMIN by its own hand.
        throw new FieldErrorsException([{ field: 'role_id', error: ADMIN_USER_ERRORS.ownRole }]);
      }
      if (form.email !== undefined && form.email.trim().toLowerCase() !== user.email.toLowerCase()) {
        if (await this.users.emailTaken(form.email.trim(), user.agent_id, manager)) throw emailTaken();
      }
      await this.checkTemplates(user.team_id, form.role_id ?? roleOf(user), form.default_commission_templates, user, manager);
      const esignBefore = user.esign_enabled;
      const roleBefore = roleOf(user);
      const permissionsBefore = effectivePermissions(user);
      applyForm(user, form);
      // New rights take effect at the next sign-in: sessions made with the old role end now.
      if (roleOf(user) !== roleBefore) await this.refreshTokens.revokeAllOf(user.agent_id, manager);
      // A permission taken away must not outlive the access tokens that carry it: they end now, and the
      // next refresh signs one without it (the sessions go on).
      else if (permissionsBefore.some((permission) => !effectivePermissions(user).includes(permission)))
        await this.refreshTokens.endAccessTokensOf(user.agent_id);
      if (!esignBefore && user.esign_enabled) {
        const team = (await this.repository.lockTeam(caller.team_id, manager))!;
        this.licences.assertEsignPermitted(team);
        // An inactive user takes a seat only when activated (checked then).
        if (user.status === 'active') await this.licences.assertCapacity(team, { licence: false, esignSeat: true }, manager);
      }
      user.updated_ts = new Date();
      const result = await this.save(user, manager);
      await this.outbox.publish(manager, 'identity.user.updated', user.team_id, userSnapshotOf(result));
      return result;
    });
    return { status: 'success', message: ADMIN_MESSAGES.userChangesSaved, record: await this.recordOf(saved) };
  }

  /** Status inactive; the user's refresh tokens and outstanding reset links stop working. */
  async disable(caller: AuthenticatedUser, agentId: number): Promise<Success> {
    if (agentId === caller.agent_id) throw new BadRequestException(ADMIN_MESSAGES.cannotDisableSelf);
    await this.dataSource.transaction(async (manager) => {
      const user = await this.memberOf(caller, agentId, manager);
      if (user.status !== 'inactive') {
        user.status = 'inactive';
        user.updated_ts = new Date();
        const result = await this.save(user, manager);
        await this.outbox.publish(manager, 'identity.user.updated', user.team_id, userSnapshotOf(result));
      }
      // Even when already inactive: a session left over from before must not survive the admin's request.
      await this.refreshTokens.revokeAllOf(agentId, manager);
      await this.passwords.spendAllResetKeysOf(agentId, manager);
    });
    return { status: 'success', message: ADMIN_MESSAGES.userDisabled };
  }

  /** Status active again, if the team has a licence (and, for an e-sign user, a seat) left. */
  async activate(caller: AuthenticatedUser, agentId: number): Promise<RecordAnswer> {
    const saved = await this.dataSource.transaction(async (manager) => {
      const team = await this.repository.lockTeam(caller.team_id, manager);
      const user = await this.memberOf(caller, agentId, manager);
      if (user.status === 'active') return user;
      // A VENDOR of a vendor organisation (enrolled through an invite) takes no licence.
      const licence = !(roleOf(user) === 'VENDOR' && user.vendor_id !== null);
      await this.licences.assertCapacity(team!, { licence, esignSeat: user.esign_enabled }, manager);
      user.status = 'active';
      user.updated_ts = new Date();
      const result = await this.save(user, manager);
      await this.outbox.publish(manager, 'identity.user.updated', user.team_id, userSnapshotOf(result));
      return result;
    });
    return { status: 'success', message: ADMIN_MESSAGES.userActivated, record: await this.recordOf(saved) };
  }

  /**
   * Default commission templates must be the team's, per side (transactions.commission-templates.changed).
   * Ids the user already holds stay accepted: a template deleted since must not block saving the form. A
   * VENDOR's are ignored (applyForm drops the real-estate fields), so they are not checked.
   */
  private async checkTemplates(
    teamId: number,
    role: string | undefined,
    templates: { buyer: number[]; seller: number[] } | undefined,
    user: UserEntity | null,
    manager: EntityManager,
  ): Promise<void> {
    if (!templates || role === 'VENDOR') return;
    const known = await this.templates.idsOf(teamId, manager);
    const held = { buyer: user?.default_buyer_commission_templates ?? [], seller: user?.default_seller_commission_templates ?? [] };
    const errors: FieldError[] = [];
    for (const side of ['buyer', 'seller'] as const) {
      if (templates[side].some((id) => !known[side].includes(id) && !held[side].includes(id))) {
        errors.push({ field: `default_commission_templates.${side}`, error: COMMISSION_MESSAGES.unknownTemplate });
      }
    }
    if (errors.length > 0) throw new FieldErrorsException(errors);
  }

  /** A team member (not a CLIENT login) of the caller's team; anything else is 404. */
  private async memberOf(caller: AuthenticatedUser, agentId: number, manager?: EntityManager): Promise<UserEntity> {
    const user = await this.users.findInTeam(agentId, caller.team_id, manager);
    if (!user || !isTeamMember(user)) throw new NotFoundException(ADMIN_USER_ERRORS.userNotFound);
    return user;
  }

  private async save(user: UserEntity, manager: EntityManager): Promise<UserEntity> {
    try {
      return await this.users.save(user, manager);
    } catch (error) {
      if (isDuplicateEmail(error)) throw emailTaken();
      throw error;
    }
  }

  private async recordOf(user: UserEntity): Promise<AdminUserRecord> {
    const url = user.profile_image_path ? await this.storage.createDownloadUrl(user.profile_image_path, DOWNLOAD_URL_TTL_SECONDS) : null;
    return recordOf(user, url);
  }
}
