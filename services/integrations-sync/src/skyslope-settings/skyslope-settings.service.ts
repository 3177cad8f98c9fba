import { ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import { SKYSLOPE_KEY_MAX_LENGTH, type FieldError } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import type { SkySlopeTeamCredentials } from '../skyslope/skyslope.client';
import { SkySlopeConnection } from './skyslope.providers';
import { maskOf, SKYSLOPE_MESSAGES as M, SKYSLOPE_PREFERENCES, type SkySlopePreference } from './skyslope-settings.messages';
import { SkySlopeSettingsRepository, type SkySlopeSettingsRow } from './skyslope-settings.repository';

export type PingCode = 0 | 1 | 2 | 3 | 4;

/**
 * The team's SkySlope connection: credentials encrypted at rest and answered masked, the commission
 * preferences, and the connection test. ADMIN of a team with transaction_sync only.
 */
@Injectable()
export class SkySlopeSettingsService {
  constructor(
    private readonly settings: SkySlopeSettingsRepository,
    private readonly connection: SkySlopeConnection,
  ) {}

  /** ADMIN of a team whose plan has the transaction-sync feature (the token's team permission), else 403. */
  checkAccess(caller: AuthenticatedUser): void {
    if (!caller.roles.includes('ADMIN') || !caller.permissions.includes('transaction_sync')) throw new ForbiddenException();
  }

  /** GET /skyslope/settings. */
  async get(caller: AuthenticatedUser) {
    this.checkAccess(caller);
    const row = await this.settings.find(caller.team_id);
    const keys = row ? this.credentialsOf(row) : null;
    return {
      access_keys: { access_key: maskOf(keys?.accessKey ?? null), access_secret: maskOf(keys?.accessSecret ?? null) },
      commission: Object.fromEntries(
        (Object.entries(SKYSLOPE_PREFERENCES) as [SkySlopePreference, string][]).map(([key, label]) => [
          key,
          { label, value: row?.prefs?.[key] === true },
        ]),
      ),
    };
  }

  /** POST /skyslope/settings {accessKey, accessSecret, prefs}: a masked value sent back unchanged keeps the stored one. */
  async save(
    caller: AuthenticatedUser,
    body: { accessKey?: unknown; accessSecret?: unknown; prefs?: unknown },
  ): Promise<{ message: string }> {
    this.checkAccess(caller);
    const row = await this.settings.find(caller.team_id);
    const stored = row ? this.credentialsOf(row) : null;
    const errors: FieldError[] = [];
    const accessKey = checkedKey('accessKey', 'Access Key', body.accessKey, stored?.accessKey ?? null, errors);
    const accessSecret = checkedKey('accessSecret', 'Access Secret', body.accessSecret, stored?.accessSecret ?? null, errors);
    const prefs: Record<string, boolean> = { ...(row?.prefs ?? {}) };
    if (body.prefs !== undefined && body.prefs !== null) {
      if (typeof body.prefs !== 'object' || Array.isArray(body.prefs)) errors.push({ field: 'prefs', error: M.invalidInput });
      else {
        for (const [key, value] of Object.entries(body.prefs as Record<string, unknown>)) {
          if (!(key in SKYSLOPE_PREFERENCES) || typeof value !== 'boolean') errors.push({ field: `prefs.${key}`, error: M.invalidInput });
          else prefs[key] = value;
        }
      }
    }
    if (errors.length > 0) throw new FieldErrorsException(errors);
    const teamId = String(caller.team_id);
    await this.settings.saveCredentials(
      caller.team_id,
      this.connection.cipher.encrypt(accessKey!, teamId),
      this.connection.cipher.encrypt(accessSecret!, teamId),
      prefs,
      caller.agent_id,
    );
    // New keys: the next call logs in with them.
    this.connection.client.forgetTeam(teamId);
    return { message: M.settingsUpdated };
  }

  /** GET /skyslope/ping: 0 success, 1 no credentials saved, 2 refused, 3 unreachable or timed out, 4 rate limited. */
  async ping(caller: AuthenticatedUser): Promise<{ status_code: PingCode; message: string }> {
    this.checkAccess(caller);
    const team = await this.teamCredentials(caller.team_id);
    if (!team) return { status_code: 1, message: M.ping[1] };
    // A fresh login: the test is of the keys as saved, not of a session cached before.
    this.connection.client.forgetTeam(team.teamId);
    const code = await this.connection.client.ping(team);
    return { status_code: code, message: M.ping[code] };
  }

  /** The team's credentials for the client, or null when none are saved. */
  async teamCredentials(teamId: number): Promise<SkySlopeTeamCredentials | null> {
    const row = await this.settings.find(teamId);
    const keys = row ? this.credentialsOf(row) : null;
    return keys ? { teamId: String(teamId), ...keys } : null;
  }

  private credentialsOf(row: SkySlopeSettingsRow): { accessKey: string; accessSecret: string } | null {
    if (!row.access_key_encrypted || !row.access_secret_encrypted) return null;
    const teamId = String(row.team_id);
    return {
      accessKey: this.connection.cipher.decrypt(row.access_key_encrypted, teamId),
      accessSecret: this.connection.cipher.decrypt(row.access_secret_encrypted, teamId),
    };
  }
}

/** A key as sent: required, 1 to 256 characters; its mask sent back unchanged means the stored one. */
function checkedKey(field: string, label: string, raw: unknown, stored: string | null, errors: FieldError[]): string | undefined {
  if (raw === undefined || raw === null) return void errors.push({ field, error: M.required(label) });
  if (typeof raw !== 'string') return void errors.push({ field, error: M.invalidInput });
  if (stored !== null && raw === maskOf(stored)) return stored;
  const value = raw.trim();
  if (value.length < 1) return void errors.push({ field, error: M.tooShort(label) });
  if (value.length > SKYSLOPE_KEY_MAX_LENGTH) return void errors.push({ field, error: M.tooLong(label) });
  return value;
}
