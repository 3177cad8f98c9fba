import { ForbiddenException, Inject, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { IMAGE_MAX_BYTES } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { FieldErrorsException } from '@app/platform';
import { StorageService, type VerifiedUpload } from '@app/storage';
import { userSnapshotOf } from '../users/user-snapshot';
import { UsersRepository } from '../users/users.repository';
import type { UserEntity } from '../users/user.entity';
import { PROFILE_MESSAGES } from './profile.errors';
import type { ProfileImageUploadDto } from './dto/profile-image.dto';

const PREFIX = 'profile-images/';
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 60 * 60;

/** Keys are profile-images/<team_id>/<agent_id>/<uuid>: signed, so the owner in the key can be trusted. */
function keyOwner(key: string): { teamId: number; agentId: number } | null {
  const match = /^profile-images\/(\d+)\/(\d+)\/[0-9a-f-]{36}$/.exec(key);
  return match ? { teamId: Number(match[1]), agentId: Number(match[2]) } : null;
}

@Injectable()
export class ProfileImageService implements OnModuleInit {
  private readonly logger = new Logger(ProfileImageService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly outbox: EventOutbox,
    private readonly storage: StorageService,
  ) {}

  onModuleInit() {
    // Local driver: the PUT to the signed URL completes the upload.
    this.storage.onUploaded(PREFIX, (upload) => this.accept(upload).then(() => undefined));
  }

  /** A signed PUT URL for a new profile image of the caller (or, for an ADMIN, of a user of the team). */
  async requestUpload(caller: AuthenticatedUser, agentId: number | undefined, file: ProfileImageUploadDto) {
    const target = await this.targetOf(caller, agentId);
    const key = `${PREFIX}${target.team_id}/${target.agent_id}/${randomUUID()}`;
    const url = await this.storage.createUploadUrl({
      key,
      contentType: file.type,
      maxBytes: IMAGE_MAX_BYTES,
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    });
    return { url, key, expires_in: UPLOAD_URL_TTL_SECONDS, max_bytes: IMAGE_MAX_BYTES };
  }

  /** After a PUT to S3 (or, harmlessly, to the local driver): checks size and bytes, then sets the image. */
  async confirm(caller: AuthenticatedUser, agentId: number | undefined, key: string): Promise<{ url: string }> {
    const target = await this.targetOf(caller, agentId);
    const owner = keyOwner(key);
    if (!owner || owner.teamId !== target.team_id || owner.agentId !== target.agent_id) {
      throw new FieldErrorsException([{ field: 'key', error: 'Unknown upload' }]);
    }
    if (target.profile_image_path !== key) await this.accept(await this.storage.verifyImage(key, IMAGE_MAX_BYTES));
    return { url: await this.storage.createDownloadUrl(key, DOWNLOAD_URL_TTL_SECONDS) };
  }

  /** A signed, expiring GET URL of the image, or null when the user has none. */
  async imageUrl(caller: AuthenticatedUser, agentId: number | undefined): Promise<{ url: string | null }> {
    const target = await this.targetOf(caller, agentId);
    if (!target.profile_image_path) return { url: null };
    return { url: await this.storage.createDownloadUrl(target.profile_image_path, DOWNLOAD_URL_TTL_SECONDS) };
  }

  /** Sets an accepted upload as the owner's image and publishes identity.user.updated; the old file is removed. */
  private async accept(upload: VerifiedUpload): Promise<UserEntity> {
    const owner = keyOwner(upload.key);
    if (!owner) throw new NotFoundException(PROFILE_MESSAGES.userNotFound);
    let previous: string | null = null;
    const saved = await this.dataSource.transaction(async (manager) => {
      const user = await this.users.findInTeam(owner.agentId, owner.teamId, manager);
      if (!user) {
        await this.storage.delete(upload.key);
        throw new NotFoundException(PROFILE_MESSAGES.userNotFound);
      }
      previous = user.profile_image_path;
      user.profile_image_path = upload.key;
      user.updated_ts = new Date();
      const result = await this.users.save(user, manager);
      await this.outbox.publish(manager, 'identity.user.updated', user.team_id, userSnapshotOf(result));
      return result;
    });
    if (previous && previous !== upload.key) {
      await this.storage.delete(previous).catch((error) => this.logger.warn(`could not delete ${previous}: ${error.message}`));
    }
    return saved;
  }

  /** The caller, or (ADMIN only) a user of the caller's team; another team's id is 404. */
  private async targetOf(caller: AuthenticatedUser, agentId: number | undefined): Promise<UserEntity> {
    const id = agentId ?? caller.agent_id;
    if (id !== caller.agent_id && !caller.roles.includes('ADMIN')) {
      throw new ForbiddenException('You do not have permission to do this');
    }
    const user = await this.users.findInTeam(id, caller.team_id);
    if (!user) throw new NotFoundException(PROFILE_MESSAGES.userNotFound);
    return user;
  }
}
