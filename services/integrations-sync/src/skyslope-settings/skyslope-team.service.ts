import { BadGatewayException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  SKYSLOPE_MESSAGES,
  type SkySlopeMatchedUsersResponse,
  type SkySlopeOfficesResponse,
  type SkySlopePrimaryAgentsResponse,
} from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { MatchUsersQueue } from '../matching/match-users.queue';
import { MatchingRepository } from '../matching/matching.repository';
import type { SkySlopeOffice } from '../skyslope/skyslope.client';
import { SkySlopeConnection } from './skyslope.providers';
import { SkySlopeSettingsRepository } from './skyslope-settings.repository';
import { SkySlopeSettingsService } from './skyslope-settings.service';
import { SyncActivityService } from '../transaction-sync/sync-activity.service';

/** How long SkySlope's offices are kept per team. */
const OFFICES_TTL_MS = 5 * 60_000;
/** How long a Re-match request waits for the run before answering 202. */
const MATCH_WAIT_MS = 20_000;

/** Office mapping, primary agent and matched users of the team's SkySlope connection (spec 002 section 2.6). */
@Injectable()
export class SkySlopeTeamService {
  private readonly logger = new Logger(SkySlopeTeamService.name);
  private readonly officeCache = new Map<number, { at: number; accessKey: string; offices: SkySlopeOffice[] }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: SkySlopeSettingsService,
    private readonly settings: SkySlopeSettingsRepository,
    private readonly matching: MatchingRepository,
    private readonly matchQueue: MatchUsersQueue,
    private readonly connection: SkySlopeConnection,
    private readonly sync: SyncActivityService,
  ) {}

  /** GET /skyslope/offices?team_id=: another team's id answers 404. */
  async offices(caller: AuthenticatedUser, teamId: number | undefined): Promise<SkySlopeOfficesResponse> {
    this.access.checkAccess(caller);
    if (teamId !== undefined && teamId !== caller.team_id) throw new NotFoundException();
    const row = await this.settings.find(caller.team_id);
    const offices = await this.officesOf(caller.team_id);
    return {
      skyslope_offices: Object.fromEntries(offices.map((office) => [office.officeGuid, office.officeName])),
      skyslope_guid: row?.office_guid ?? null,
    };
  }

  /** POST /skyslope/offices {skyslope_guid}: one of the team's SkySlope offices. */
  async chooseOffice(caller: AuthenticatedUser, guid: unknown): Promise<{ message: string }> {
    this.access.checkAccess(caller);
    const offices = typeof guid === 'string' ? await this.officesOf(caller.team_id) : [];
    if (!offices.some((office) => office.officeGuid === guid))
      throw new FieldErrorsException([{ field: 'skyslope_guid', error: SKYSLOPE_MESSAGES.invalidInput }]);
    // The first office queues the backfill of the team's open transactions; a later one retries the failed ones:
    // in the office's transaction (the jobs through the outbox).
    await this.dataSource.transaction(async (manager) => {
      await this.settings.setOffice(caller.team_id, guid as string, caller.agent_id, manager);
      await this.sync.officeChosen(manager, caller.team_id);
    });
    return { message: SKYSLOPE_MESSAGES.officeUpdated };
  }

  /** GET /skyslope/primary-agent: the team's users matched to a SkySlope user, by SkySlope's name. */
  async primaryAgents(caller: AuthenticatedUser): Promise<SkySlopePrimaryAgentsResponse> {
    this.access.checkAccess(caller);
    const [matched, row] = await Promise.all([this.matching.matched(caller.team_id), this.settings.find(caller.team_id)]);
    return {
      primary_agents: matched.map((user) => ({ guid: user.guid, full_name: user.skyslope_full_name })),
      selected_primary_agent: row?.primary_agent_guid ?? null,
    };
  }

  /** POST /skyslope/primary-agent {selected_primary_agent_guid}: a guid of that list, or null (the transaction's primary agent). */
  async choosePrimaryAgent(caller: AuthenticatedUser, guid: unknown): Promise<{ message: string }> {
    this.access.checkAccess(caller);
    if (guid !== null) {
      const matched = typeof guid === 'string' ? await this.matching.matched(caller.team_id) : [];
      if (!matched.some((user) => user.guid === guid))
        throw new FieldErrorsException([{ field: 'selected_primary_agent_guid', error: SKYSLOPE_MESSAGES.invalidInput }]);
    }
    await this.dataSource.transaction(async (manager) => {
      await this.settings.setPrimaryAgent(caller.team_id, guid as string | null, caller.agent_id, manager);
      await this.sync.requeueFailed(manager, caller.team_id, 'primary-agent');
    });
    return { message: SKYSLOPE_MESSAGES.primaryAgentUpdated };
  }

  /** GET /skyslope/matched-users. */
  async matchedUsers(caller: AuthenticatedUser): Promise<SkySlopeMatchedUsersResponse> {
    this.access.checkAccess(caller);
    const matched = await this.matching.matched(caller.team_id);
    return { matched_users: matched.map(({ skyslope_full_name: _name, ...user }) => user) };
  }

  /** POST /skyslope/matched-users {match_skyslope_users: true}: runs (or joins) the team's matching and waits up to 20 s. */
  async rematch(caller: AuthenticatedUser, run: unknown): Promise<{ done: boolean; status: string }> {
    this.access.checkAccess(caller);
    if (run !== true) throw new FieldErrorsException([{ field: 'match_skyslope_users', error: SKYSLOPE_MESSAGES.invalidInput }]);
    let outcome: 'done' | 'running';
    try {
      outcome = await this.matchQueue.runAndWait(caller.team_id, MATCH_WAIT_MS);
    } catch (error) {
      // The run failed (SkySlope refused the keys, or could not be reached): the console shows this message.
      this.logger.warn(`team ${caller.team_id}: matching failed: ${(error as Error).message}`);
      throw new BadGatewayException({ status: 'error', message: SKYSLOPE_MESSAGES.matchFailed });
    }
    return outcome === 'done'
      ? { done: true, status: SKYSLOPE_MESSAGES.matchedUsersUpdated }
      : { done: false, status: SKYSLOPE_MESSAGES.matchingStillRunning };
  }

  /** SkySlope's offices for the team (kept 5 minutes for the keys that read them); none without saved credentials. */
  private async officesOf(teamId: number): Promise<SkySlopeOffice[]> {
    const team = await this.access.teamCredentials(teamId);
    if (!team) return [];
    const cached = this.officeCache.get(teamId);
    if (cached && cached.accessKey === team.accessKey && Date.now() - cached.at < OFFICES_TTL_MS) return cached.offices;
    try {
      const offices = await this.connection.client.getOffices(team);
      this.officeCache.set(teamId, { at: Date.now(), accessKey: team.accessKey, offices });
      return offices;
    } catch (error) {
      this.logger.warn(`team ${teamId}: SkySlope offices failed: ${(error as Error).message}`);
      throw new BadGatewayException({ status: 'error', message: 'SkySlope could not be reached' });
    }
  }
}
