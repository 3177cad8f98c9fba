import { Injectable, Logger } from '@nestjs/common';
import { SKYSLOPE_SYNC_MESSAGES as M, type SkySlopeFileKind } from '@app/contracts';
import { SkySlopeConnection } from '../skyslope-settings/skyslope.providers';
import { SkySlopeSettingsService } from '../skyslope-settings/skyslope-settings.service';
import { SkySlopeErrorCode, SkySlopeException } from '../skyslope/skyslope.exception';
import type { SkySlopeTeamCredentials } from '../skyslope/skyslope.client';
import { fileIdOf, kindOf, planSkySlopeFile } from './skyslope-file.mapper';
import { TransactionSyncRepository, type SyncRow } from './transaction-sync.repository';

export type SyncOutcome =
  | { result: 'created' | 'adopted' | 'updated'; guid: string }
  | { result: 'unchanged' | 'older' | 'skipped'; guid?: string | null }
  | { result: 'unsyncable'; reason: string };

/** Errors a later attempt may get past: SkySlope busy (429), down (503, 5xx), slow or unreachable. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof SkySlopeException)) return false;
  return [
    SkySlopeErrorCode.RateLimited,
    SkySlopeErrorCode.Unavailable,
    SkySlopeErrorCode.ServerError,
    SkySlopeErrorCode.Timeout,
    SkySlopeErrorCode.Network,
  ].includes(error.code);
}

/** How long before the sync row's create a listed file may be ours (SkySlope's clock against ours). */
const ADOPT_CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * Syncs one transaction to its SkySlope file, never creating a second one: the sync row is written before
 * the create call and the file carries our fileId, so a create whose answer was lost is found by listing
 * the agent's files since then and adopted. An older version is skipped and an unchanged payload makes no
 * call. The caller holds the transaction's lock.
 */
@Injectable()
export class SkySlopeFileSync {
  private readonly logger = new Logger(SkySlopeFileSync.name);
  private readonly checklistTypes = new Map<string, { at: number; id: number }>();

  constructor(
    private readonly repository: TransactionSyncRepository,
    private readonly settingsService: SkySlopeSettingsService,
    private readonly connection: SkySlopeConnection,
  ) {}

  async sync(clientId: number, _version: number): Promise<SyncOutcome> {
    const stored = await this.repository.storedRow(clientId);
    if (!stored) return { result: 'skipped' };
    const row = stored.row;
    const teamId = stored.team_id;
    const [settings, team, existing] = await Promise.all([
      this.repository.settings(teamId),
      this.settingsService.teamCredentials(teamId),
      this.repository.syncRow(clientId),
    ]);
    // No keys or no office: nothing syncs (choosing the office queues the backfill).
    if (!settings?.office_guid || !team) return { result: 'skipped' };
    if (existing?.synced_version != null && stored.version < existing.synced_version) return { result: 'older', guid: existing.guid };
    const kind = kindOf(row);
    if (existing?.guid && existing.kind !== kind) return this.unsyncable(teamId, clientId, existing.kind, M.kindChanged);

    const matchedGuids = await this.repository.matchedGuids(teamId);
    let agentGuid = settings.primary_agent_guid;
    if (!agentGuid) {
      if (row.primary_agent_id == null) return this.unsyncable(teamId, clientId, kind, M.noPrimaryAgent);
      agentGuid = matchedGuids.get(row.primary_agent_id) ?? null;
      if (!agentGuid) return this.unsyncable(teamId, clientId, kind, M.noAgentMatch);
    }

    try {
      const checklistTypeId = await this.checklistTypeOf(team, kind);
      const plan = planSkySlopeFile(row, {
        officeGuid: settings.office_guid,
        agentGuid,
        checklistTypeId,
        prefs: settings.prefs ?? {},
        matchedGuids,
      });
      let sync: SyncRow | null = existing;
      let guid = sync?.guid ?? null;
      let outcome: 'created' | 'adopted' | 'updated';
      if (guid) {
        if (sync!.payload_hash === plan.hash && sync!.result === 'synced') {
          await this.repository.recordUnchanged(clientId, stored.version);
          return { result: 'unchanged', guid };
        }
        await this.connection.client.updateFile(team, kind, guid, plan.body);
        outcome = 'updated';
      } else {
        const adopted = sync?.create_started_ts ? await this.adopt(team, sync, clientId) : null;
        if (adopted) {
          guid = adopted;
          await this.repository.recordGuid(clientId, guid);
          // What the lost create carried may be older than this version: the whole file again.
          await this.connection.client.updateFile(team, kind, guid, plan.body);
          outcome = 'adopted';
        } else {
          // Written (and committed) before the call: a retry knows a create may have happened.
          sync = await this.repository.startCreate(teamId, clientId, kind, agentGuid);
          guid = await this.connection.client.createFile(team, kind, plan.body);
          await this.repository.recordGuid(clientId, guid);
          outcome = 'created';
        }
      }
      const sent = new Set(sync?.contacts_sent ?? []);
      for (const { key, contact } of plan.contacts) {
        if (sent.has(key)) continue;
        await this.connection.client.addContact(team, kind, guid, contact);
        await this.repository.recordContactSent(clientId, key);
      }
      await this.repository.recordSynced(clientId, stored.version, plan.hash);
      return { result: outcome, guid };
    } catch (error) {
      if (error instanceof SkySlopeException && error.code === SkySlopeErrorCode.Unprocessable) {
        return this.unsyncable(teamId, clientId, kind, reasonOf(error));
      }
      if (
        error instanceof SkySlopeException &&
        (error.code === SkySlopeErrorCode.Unauthorized || error.code === SkySlopeErrorCode.Forbidden)
      ) {
        return this.unsyncable(teamId, clientId, kind, M.credentialsRefused);
      }
      if (error instanceof SkySlopeException && error.code === SkySlopeErrorCode.NotFound && existing?.guid) {
        return this.unsyncable(teamId, clientId, kind, M.fileGone);
      }
      throw error;
    }
  }

  /** A file of ours among the agent's files of that kind since the create started. */
  private async adopt(team: SkySlopeTeamCredentials, sync: SyncRow, clientId: number): Promise<string | null> {
    const since = new Date(new Date(sync.create_started_ts!).getTime() - ADOPT_CLOCK_MARGIN_MS).toISOString();
    const files = await this.connection.client.listFiles(team, sync.kind, {
      agentGuid: sync.create_agent_guid ?? undefined,
      earliestDate: since,
    });
    const ours = files.filter((file) => file.fileId === fileIdOf(clientId));
    const guidOf = (file: (typeof files)[number]) => (sync.kind === 'sale' ? file.saleGuid : file.listingGuid) ?? null;
    if (ours.length > 1)
      this.logger.warn(`transaction ${clientId}: ${ours.length} SkySlope ${sync.kind}s carry its fileId; adopting the first`);
    return ours.length ? guidOf(ours[0]) : null;
  }

  /** The first checklist type of a kind, kept an hour per team. */
  private async checklistTypeOf(team: SkySlopeTeamCredentials, kind: SkySlopeFileKind): Promise<number> {
    const key = `${team.teamId}:${kind}`;
    const cached = this.checklistTypes.get(key);
    if (cached && Date.now() - cached.at < 3_600_000) return cached.id;
    const types = await this.connection.client.getChecklistTypes(team, kind);
    if (!types.length)
      throw new SkySlopeException(SkySlopeErrorCode.Unprocessable, `SkySlope has no ${kind} checklist type`, {
        body: { Error: `SkySlope has no ${kind} checklist type` },
      });
    this.checklistTypes.set(key, { at: Date.now(), id: types[0].checklistTypeId });
    return types[0].checklistTypeId;
  }

  private async unsyncable(teamId: number, clientId: number, kind: SkySlopeFileKind, reason: string): Promise<SyncOutcome> {
    await this.repository.recordResult(teamId, clientId, kind, 'failed', reason);
    return { result: 'unsyncable', reason };
  }
}

/** SkySlope's words for a 422 ({Error} or {message}), or a general one. */
function reasonOf(error: SkySlopeException): string {
  const body = error.details.body as Record<string, unknown> | string | undefined;
  const text = typeof body === 'string' ? body : body && (body.Error ?? body.error ?? body.message ?? body.Message);
  return `SkySlope refused the file: ${typeof text === 'string' && text ? text.slice(0, 500) : 'invalid content'}`;
}
