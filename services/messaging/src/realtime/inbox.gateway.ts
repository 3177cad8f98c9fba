import { Inject, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import { MESSAGING_NAMESPACE, MESSAGING_SOCKET_UNAUTHORIZED } from '@app/contracts';
import { AccessTokenVerifier, TOKEN_REVOCATIONS, type AuthenticatedUser, type TokenRevocations } from '@app/auth';
import { userRoom } from './inbox.publisher';

/** The signed-in user rides in socket.data, which connection state recovery restores with the rooms. */
type InboxSocket = Socket & { data: { user?: AuthenticatedUser } };

/** What a refused handshake answers (connect_error's message on the client). */
const INBOX_UNAUTHORIZED = MESSAGING_SOCKET_UNAUTHORIZED;

/**
 * The console's real-time inbox: the access token is checked on connect like the HTTP guard does
 * (signature, issuer, lifetime, then its user's and session's revocation), each socket joins its user's
 * room, and is disconnected when its token expires: the console connects again with a fresh token.
 * Pushes come from InboxPublisher (any process, any replica) through the Redis Streams adapter; a
 * client that drops off briefly gets what it missed.
 */
@WebSocketGateway({ namespace: MESSAGING_NAMESPACE })
export class InboxGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnApplicationShutdown {
  private readonly logger = new Logger(InboxGateway.name);
  /** Per socket id: the timer that ends it when its token expires. */
  private readonly expiries = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(AccessTokenVerifier) private readonly verifier: AccessTokenVerifier,
    @Optional() @Inject(TOKEN_REVOCATIONS) private readonly revocations?: TokenRevocations,
  ) {}

  afterInit(namespace: Namespace) {
    namespace.use((socket: InboxSocket, next) => {
      const token = socket.handshake.auth?.token;
      if (typeof token !== 'string' || !token) return next(new Error(INBOX_UNAUTHORIZED));
      this.verifier
        .verify(token)
        .then(async (user) => {
          // Ended since it was issued (logout, disabled, demoted, a password change): refused like on HTTP.
          if (await this.revocations?.isRevoked(user)) return next(new Error(INBOX_UNAUTHORIZED));
          socket.data.user = user;
          next();
        })
        .catch(() => next(new Error(INBOX_UNAUTHORIZED)));
    });
  }

  async handleConnection(socket: InboxSocket) {
    const user = socket.data.user;
    if (!user) return void socket.disconnect(true);
    this.endAtExpiry(socket, user);
    // A recovered connection keeps its room and receives the packets it missed.
    if (socket.recovered) return;
    await socket.join(userRoom(user.agent_id));
    this.logger.debug(`inbox connected for user ${user.agent_id}`);
  }

  handleDisconnect(socket: InboxSocket) {
    const expiry = this.expiries.get(socket.id);
    if (expiry) clearTimeout(expiry);
    this.expiries.delete(socket.id);
  }

  /** A token is checked once, on connect: the socket ends with it (the client reconnects with a fresh one). */
  private endAtExpiry(socket: InboxSocket, user: AuthenticatedUser) {
    const expiresAt = user.expires_at_ms;
    if (!expiresAt) return;
    const left = Math.max(0, expiresAt - Date.now());
    // setTimeout holds at most ~24.8 days; tokens live minutes.
    const timer = setTimeout(
      () => {
        this.expiries.delete(socket.id);
        socket.disconnect(true);
      },
      Math.min(left, 2_147_000_000),
    );
    timer.unref?.();
    this.expiries.set(socket.id, timer);
  }

  onApplicationShutdown() {
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
  }
}
