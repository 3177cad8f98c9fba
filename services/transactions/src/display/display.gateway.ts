import { HttpException, Inject, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import {
  DASHBOARD_ROLES,
  DISPLAY_NAMESPACE,
  displayKeyOf,
  LEADERBOARD_REPORTS,
  STAFF_ROLES,
  toFilterDate,
  type DisplaySubscribeAck,
  type DisplaySubscription,
  type Role,
} from '@app/contracts';
import { AccessTokenVerifier, TOKEN_REVOCATIONS, type AuthenticatedUser, type TokenRevocations } from '@app/auth';
import { AgentsRepository } from '../agents/agents.repository';
import { DashboardsService } from '../dashboards/dashboards.service';
import { dataRoom, DisplayPublisher, teamRoom } from './display.publisher';
import { DisplaySubscriptions } from './display-subscriptions';
import { DisplayFigures } from './display-figures.service';
import { SOCKET_OPTIONS } from './redis-streams-io.adapter';

/** What a TV follows rides in socket.data, which connection state recovery restores. */
type DisplaySocket = Socket & { data: { user?: AuthenticatedUser; key?: string; subscription?: DisplaySubscription } };

/** The longest a timer may wait (setTimeout's limit); tokens live 15 minutes anyway. */
const MAX_TIMER_MS = 2_147_483_647;

const SLIDES = [2, 3, 4, 7, 9];
/** A disconnected TV keeps its key followed while it may still recover its connection (and the pushes it missed). */
const RECOVERY_MS = SOCKET_OPTIONS.connectionStateRecovery?.maxDisconnectionDuration ?? 120_000;

/** Office TVs: JWT checked on connect, one room per team, roster pushed on connect and on change. */
@WebSocketGateway({ namespace: DISPLAY_NAMESPACE })
export class DisplayGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnApplicationShutdown {
  private readonly logger = new Logger(DisplayGateway.name);
  private readonly releases = new Set<NodeJS.Timeout>();
  /** Each socket is closed when its token expires; the TV reconnects with a fresh one. */
  private readonly expiries = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(AccessTokenVerifier) private readonly verifier: AccessTokenVerifier,
    private readonly publisher: DisplayPublisher,
    private readonly agents: AgentsRepository,
    private readonly dashboards: DashboardsService,
    private readonly subscriptions: DisplaySubscriptions,
    private readonly figures: DisplayFigures,
    @Optional() @Inject(TOKEN_REVOCATIONS) private readonly revocations?: TokenRevocations,
  ) {}

  afterInit(namespace: Namespace) {
    namespace.use((socket: DisplaySocket, next) => {
      const token = socket.handshake.auth?.token;
      if (typeof token !== 'string' || !token) return next(new Error('unauthorized'));
      this.verifier
        .verify(token)
        .then(async (user) => {
          // Ended since it was issued (logout, disabled, demoted): refused like every HTTP call.
          if (await this.revocations?.isRevoked(user)) return next(new Error('unauthorized'));
          // Office TVs show the team's figures: staff only, never a CLIENT or VENDOR.
          if (!user.roles.some((role: Role) => STAFF_ROLES.includes(role))) return next(new Error('forbidden'));
          socket.data.user = user;
          next();
        })
        .catch(() => next(new Error('unauthorized')));
    });
  }

  async handleConnection(socket: DisplaySocket) {
    const user = socket.data.user;
    if (!user) return socket.disconnect(true);
    this.closeAtExpiry(socket, user);
    // A recovered connection keeps its rooms (and data) and receives what it missed; its key is followed again.
    if (socket.recovered) {
      if (socket.data.key && socket.data.subscription)
        await this.subscriptions.add(user.team_id, socket.data.key, socket.data.subscription);
      return;
    }
    await socket.join(teamRoom(user.team_id));
    socket.emit('display:welcome', {
      team_id: user.team_id,
      team_name: await this.agents.teamNameOf(user.team_id),
      server_time: new Date().toISOString(),
    });
    socket.emit('display:agents', await this.publisher.rosterPayload(user.team_id));
    this.logger.debug(`display connected for team ${user.team_id}`);
  }

  /** The TV left: its key stays followed while it may recover (it then gets what it missed). */
  handleDisconnect(socket: DisplaySocket) {
    const expiry = this.expiries.get(socket.id);
    if (expiry) clearTimeout(expiry);
    this.expiries.delete(socket.id);
    const { user, key } = socket.data;
    if (!user || !key) return;
    const release = setTimeout(() => {
      this.releases.delete(release);
      void this.subscriptions.remove(user.team_id, key).catch(() => undefined);
    }, RECOVERY_MS);
    this.releases.add(release);
  }

  /**
   * display:subscribe: one slide, scope and range per TV, checked like GET /dashboards or GET /leaderboard
   * (400 malformed, 403 a restricted agent's team scope, 404 another team's); the TV joins the key's room
   * and leaves its previous one.
   */
  @SubscribeMessage('display:subscribe')
  async subscribe(@ConnectedSocket() socket: DisplaySocket, @MessageBody() body: unknown): Promise<DisplaySubscribeAck> {
    const user = socket.data.user;
    if (!user) return { ok: false, status: 403, message: 'Sign in again' };
    const raw = (body ?? {}) as Partial<DisplaySubscription>;
    if (!SLIDES.includes(Number(raw.slide))) return { ok: false, status: 400, message: 'Choose a slide: 7, 9, 2, 3 or 4' };
    const slide = Number(raw.slide) as DisplaySubscription['slide'];
    if (slide === 4 && raw.report != null && !LEADERBOARD_REPORTS.includes(raw.report))
      return { ok: false, status: 400, message: 'Choose a leaderboard report' };
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    let subscription: DisplaySubscription;
    try {
      if (!user.roles.some((role: Role) => DASHBOARD_ROLES.includes(role)))
        return { ok: false, status: 403, message: 'You do not have permission to do this' };
      const scope = await this.dashboards.scopeOf(user, text(raw.context), { leaderboard: slide === 4 });
      const timezone = await this.dashboards.timezoneOf(user.team_id);
      const range = this.dashboards.rangeOf(text(raw.start_date), text(raw.end_date), 'start_date', 'end_date', timezone);
      subscription = {
        slide,
        report: slide === 4 ? (raw.report ?? 'closed') : null,
        context: scope.context,
        start_date: toFilterDate(range.start),
        end_date: toFilterDate(range.end),
      };
    } catch (error) {
      if (error instanceof HttpException) {
        const answer = error.getResponse() as { message?: string; errors?: { error: string }[] };
        return {
          ok: false,
          status: error.getStatus() as 400 | 403 | 404,
          message: answer.errors?.[0]?.error ?? answer.message ?? error.message,
        };
      }
      throw error;
    }
    const key = displayKeyOf(user.team_id, subscription);
    if (socket.data.key !== key) {
      if (socket.data.key) {
        await socket.leave(dataRoom(socket.data.key));
        await this.subscriptions.remove(user.team_id, socket.data.key);
      }
      await socket.join(dataRoom(key));
      await this.subscriptions.add(user.team_id, key, subscription);
      await this.figures.prime(user.team_id, key, subscription);
      socket.data.key = key;
      socket.data.subscription = subscription;
    }
    return { ok: true, key };
  }

  /** A socket outlives its token by nothing: closed at expiry (the client reconnects with a fresh token). */
  private closeAtExpiry(socket: DisplaySocket, user: AuthenticatedUser) {
    if (!user.expires_at_ms) return;
    const timer = setTimeout(
      () => {
        this.expiries.delete(socket.id);
        socket.disconnect(true);
      },
      Math.min(Math.max(0, user.expires_at_ms - Date.now()), MAX_TIMER_MS),
    );
    timer.unref();
    this.expiries.set(socket.id, timer);
  }

  onApplicationShutdown() {
    for (const release of this.releases) clearTimeout(release);
    for (const expiry of this.expiries.values()) clearTimeout(expiry);
  }

  @SubscribeMessage('display:refresh')
  async refresh(@ConnectedSocket() socket: DisplaySocket) {
    const user = socket.data.user;
    if (user) socket.emit('display:agents', await this.publisher.rosterPayload(user.team_id));
  }
}
