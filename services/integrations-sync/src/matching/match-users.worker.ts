import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import type { IntegrationsSyncConfig } from '../integrations-sync.config';
import { SkySlopeConnection } from '../skyslope-settings/skyslope.providers';
import { SkySlopeSettingsService } from '../skyslope-settings/skyslope-settings.service';
import { SyncActivityService } from '../transaction-sync/sync-activity.service';
import { matchUsers } from './match-users';
import { MatchUsersQueue, SKYSLOPE_MATCH_USERS, type MatchUsersJobData } from './match-users.queue';
import { MatchingRepository } from './matching.repository';

/** SkySlope's user pages read at once. */
const USER_PAGE_CONCURRENCY = 10;
const NIGHTLY = 'skyslope-match-users-nightly';

/**
 * Runs `skyslope-match-users` in the integrations-sync worker: every SkySlope user (all pages), matched to
 * the team's active users (matchUsers), written in one database transaction; a second run changes nothing.
 * A nightly job scheduler queues every team with saved credentials.
 */
@Injectable()
export class MatchUsersWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MatchUsersWorker.name);
  private connection?: Redis;
  private worker?: Worker<MatchUsersJobData>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IntegrationsSyncConfig,
    private readonly queue: MatchUsersQueue,
    private readonly repository: MatchingRepository,
    private readonly settings: SkySlopeSettingsService,
    private readonly connectionToSkySlope: SkySlopeConnection,
    private readonly transactionSync: SyncActivityService,
  ) {}

  async onApplicationBootstrap() {
    this.connection = createBlockingRedis(this.config.REDIS_URL, 'integrations-sync:match-users-worker');
    this.worker = new Worker<MatchUsersJobData>(SKYSLOPE_MATCH_USERS, (job) => this.process(job), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 2,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`${SKYSLOPE_MATCH_USERS} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.error(`${SKYSLOPE_MATCH_USERS} worker: ${error.message}`));
    // Every night at 03:00 UTC, one job that queues each team's run.
    await this.queue
      .queueOf()
      .upsertJobScheduler(NIGHTLY, { pattern: '0 3 * * *', tz: 'UTC' }, { name: NIGHTLY, data: { team_id: 0, reason: 'nightly' } });
  }

  private async process(job: Job<MatchUsersJobData>): Promise<{ matched: number; changed: number } | { teams: number }> {
    if (job.name === NIGHTLY) {
      const teams = await this.repository.teamsWithCredentials();
      for (const teamId of teams) await this.queue.enqueue({ team_id: teamId, reason: 'nightly' });
      return { teams: teams.length };
    }
    return this.run(job.data.team_id);
  }

  /** Matches one team now; nothing happens for a team without credentials. */
  async run(teamId: number): Promise<{ matched: number; changed: number }> {
    const team = await this.settings.teamCredentials(teamId);
    if (!team) return { matched: 0, changed: 0 };
    const [skySlopeUsers, teamUsers] = await Promise.all([
      this.connectionToSkySlope.client.listUsers(team, { concurrency: USER_PAGE_CONCURRENCY }),
      this.repository.activeUsers(teamId),
    ]);
    const outcome = matchUsers(teamUsers, skySlopeUsers);
    for (const email of outcome.ambiguousEmails)
      this.logger.warn(`team ${teamId}: ${email} is held by more than one SkySlope user; it matches nobody`);
    for (const unknown of outcome.unknownGuids)
      this.logger.warn(`team ${teamId}: user ${unknown.agent_id}'s SkySlope guid ${unknown.guid} is not one SkySlope lists`);
    // A new match may be what a transaction's sync was waiting for: queued with the matches (through the outbox),
    // since a retried run would find nothing changed and queue nothing.
    const changed = await this.repository.replace(teamId, outcome.matches, async (manager, count) => {
      if (count > 0) await this.transactionSync.requeueFailed(manager, teamId, 'match');
    });
    return { matched: outcome.matches.length, changed };
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
