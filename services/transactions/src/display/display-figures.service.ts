import { createHash } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import type { DisplaySubscription } from '@app/contracts';
import { DashboardsService } from '../dashboards/dashboards.service';
import { DisplayPublisher } from './display.publisher';
import { DisplaySubscriptions } from './display-subscriptions';

const hashOf = (data: unknown) => createHash('sha1').update(JSON.stringify(data)).digest('hex');

/** A key's figures are computed at most once per window, however many changes arrive (spec 002 section 2.1). */
export const DISPLAY_PUSH_WINDOW_MS = 200;

/**
 * Computes the figures of subscribed Display Mode keys after a change commits and pushes them to the
 * key's room: at most once per key per DISPLAY_PUSH_WINDOW_MS across every process (a Redis claim), with
 * a trailing run when changes arrived inside the window, so the last push always holds the last change.
 */
@Injectable()
export class DisplayFigures implements OnApplicationShutdown {
  private readonly logger = new Logger(DisplayFigures.name);
  /** Keys with a run or a window open in this process. */
  private readonly busy = new Set<string>();
  /** Keys changed again while busy: run once more when the window closes. */
  private readonly dirty = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Computations made by this process, all and per key (the tests count them). */
  computations = 0;
  readonly computationsByKey = new Map<string, number>();

  constructor(
    private readonly subscriptions: DisplaySubscriptions,
    private readonly dashboards: DashboardsService,
    private readonly publisher: DisplayPublisher,
  ) {}

  /** Every key a team's TVs follow is computed again and pushed where its figures moved (the team's data changed). */
  async refreshTeam(teamId: number): Promise<void> {
    for (const { key, subscription } of await this.subscriptions.keysOf(teamId)) this.schedule(teamId, key, subscription);
  }

  /**
   * A key's first subscriber: its figures as they stand become the ones to compare the next change with, so
   * a change that leaves them as they are pushes nothing.
   */
  async prime(teamId: number, key: string, subscription: DisplaySubscription): Promise<void> {
    await this.subscriptions.remember(key, hashOf(await this.figuresOf(teamId, subscription)));
  }

  /** The figures of one subscription, as GET /dashboards or GET /leaderboard answer them (its access was checked at subscribe). */
  async figuresOf(teamId: number, subscription: DisplaySubscription) {
    // The subscriber's rights were checked when it subscribed; the figures of a key are the same for all of them.
    const system: AuthenticatedUser = { agent_id: 0, team_id: teamId, roles: ['ADMIN'], permissions: [], market_id: 0 };
    if (subscription.slide === 4) {
      return this.dashboards.leaderboard(system, {
        report: subscription.report ?? 'closed',
        context: subscription.context,
        start_date: subscription.start_date,
        end_date: subscription.end_date,
      });
    }
    return this.dashboards.dashboard(system, {
      id: subscription.slide,
      context: subscription.context,
      dashboard_start_date: subscription.start_date,
      dashboard_end_date: subscription.end_date,
    });
  }

  private schedule(teamId: number, key: string, subscription: DisplaySubscription) {
    if (this.busy.has(key)) {
      this.dirty.add(key);
      return;
    }
    this.busy.add(key);
    void this.run(teamId, key, subscription);
  }

  private later(ms: number, work: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
  }

  private async run(teamId: number, key: string, subscription: DisplaySubscription): Promise<void> {
    try {
      const claim = await this.subscriptions.claim(key, DISPLAY_PUSH_WINDOW_MS);
      if (!claim.claimed) {
        // Another process computed it moments ago, perhaps before this change committed: again after its window.
        this.later(claim.retryInMs, () => void this.run(teamId, key, subscription));
        return;
      }
      this.computations++;
      this.computationsByKey.set(key, (this.computationsByKey.get(key) ?? 0) + 1);
      const data = await this.figuresOf(teamId, subscription);
      // A change elsewhere (another scope, another range) leaves this key's figures as they were: no push.
      if (!(await this.subscriptions.changed(key, hashOf(data)))) return this.closeWindow(teamId, key, subscription);
      await this.publisher.pushData(key, {
        key,
        version: await this.subscriptions.nextVersion(key),
        occurred_at: new Date().toISOString(),
        data,
      });
    } catch (error) {
      this.logger.warn(`display figures of ${key} not pushed: ${(error as Error).message}`);
    }
    this.closeWindow(teamId, key, subscription);
  }

  /** After a run: once the window ends, again if changes came meanwhile, else the key is free. */
  private closeWindow(teamId: number, key: string, subscription: DisplaySubscription) {
    this.later(DISPLAY_PUSH_WINDOW_MS, () => {
      if (this.dirty.delete(key)) void this.run(teamId, key, subscription);
      else this.busy.delete(key);
    });
  }

  onApplicationShutdown() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
