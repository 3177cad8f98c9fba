import { Inject, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ADMIN_MESSAGES, IMAGE_MAX_BYTES, type UploadUrlResponse } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { StorageService, type VerifiedUpload } from '@app/storage';
import { TEAM_ADMIN_MESSAGES } from '../common/team-admin.errors';
import type { TeamLogoUploadDto } from './dto/team-logo.dto';
import { teamOrNotFound } from './team-not-found';
import { TeamTransactions } from './team-transactions';
import { TeamsRepository } from './teams.repository';

const PREFIX = 'team-logos/';
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 60 * 60;

/** Keys are team-logos/<team_id>/<uuid>: the URL is signed, so the team in the key can be trusted. */
function teamOfKey(key: string): number | null {
  const match = /^team-logos\/(\d+)\/[0-9a-f-]{36}$/.exec(key);
  return match ? Number(match[1]) : null;
}

@Injectable()
export class TeamLogoService implements OnModuleInit {
  private readonly logger = new Logger(TeamLogoService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly teams: TeamsRepository,
    private readonly transactions: TeamTransactions,
    private readonly storage: StorageService,
  ) {}

  onModuleInit() {
    // Local driver: the PUT to the signed URL completes the upload.
    this.storage.onUploaded(PREFIX, (upload) => this.accept(upload));
  }

  /** A signed, expiring GET URL of a stored logo, or null. */
  async urlOf(logoPath: string | null): Promise<string | null> {
    return logoPath ? this.storage.createDownloadUrl(logoPath, DOWNLOAD_URL_TTL_SECONDS) : null;
  }

  async logoUrl(teamId: number): Promise<{ url: string | null }> {
    const team = teamOrNotFound(await this.teams.find(teamId));
    return { url: await this.urlOf(team.logo_path) };
  }

  /** A signed PUT URL for a new logo of the caller's team. */
  async requestUpload(teamId: number, file: TeamLogoUploadDto): Promise<UploadUrlResponse> {
    teamOrNotFound(await this.teams.find(teamId));
    const key = `${PREFIX}${teamId}/${randomUUID()}`;
    const url = await this.storage.createUploadUrl({
      key,
      contentType: file.type,
      maxBytes: IMAGE_MAX_BYTES,
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    });
    return { url, key, expires_in: UPLOAD_URL_TTL_SECONDS, max_bytes: IMAGE_MAX_BYTES };
  }

  /** After a PUT to S3 (or, harmlessly, to the local driver): checks size and bytes, then sets the logo. */
  async confirm(teamId: number, key: string): Promise<{ url: string }> {
    const team = teamOrNotFound(await this.teams.find(teamId));
    if (teamOfKey(key) !== teamId) throw new FieldErrorsException([{ field: 'key', error: TEAM_ADMIN_MESSAGES.unknownUpload }]);
    if (team.logo_path !== key) await this.accept(await this.storage.verifyImage(key, IMAGE_MAX_BYTES));
    return { url: await this.storage.createDownloadUrl(key, DOWNLOAD_URL_TTL_SECONDS) };
  }

  async remove(teamId: number) {
    const previous = await this.transactions.run(teamId, async (manager, team) => {
      if (team.logo_path) await this.teams.setLogoPath(teamId, null, manager);
      return team.logo_path;
    });
    if (previous) await this.deleteFile(previous);
    return { status: 'success' as const, message: ADMIN_MESSAGES.logoDeleted };
  }

  /** Sets an accepted upload as the team's logo; the previous file is removed after the commit. */
  private async accept(upload: VerifiedUpload): Promise<void> {
    const teamId = teamOfKey(upload.key);
    const previous = await this.dataSource.transaction(async (manager) => {
      const team = teamId === null ? null : await this.teams.lock(teamId, manager);
      if (!team) {
        await this.storage.delete(upload.key);
        throw new NotFoundException(TEAM_ADMIN_MESSAGES.teamNotFound);
      }
      await this.teams.setLogoPath(team.team_id, upload.key, manager);
      return team.logo_path;
    });
    if (previous && previous !== upload.key) await this.deleteFile(previous);
  }

  private async deleteFile(key: string) {
    await this.storage.delete(key).catch((error) => this.logger.warn(`could not delete ${key}: ${error.message}`));
  }
}
