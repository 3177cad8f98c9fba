import { Inject, Logger } from '@nestjs/common';
import { ConnectedSocket, OnGatewayConnection, OnGatewayInit, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import { DISPLAY_NAMESPACE } from '@app/contracts';
import { AccessTokenVerifier, type AuthenticatedUser } from '@app/auth';
import { AgentsRepository } from '../agents/agents.repository';
import { DisplayPublisher, teamRoom } from './display.publisher';

type DisplaySocket = Socket & { data: { user?: AuthenticatedUser } };

/** Office TVs: JWT checked on connect, one room per team, roster pushed on connect and on change. */
@WebSocketGateway({ namespace: DISPLAY_NAMESPACE })
export class DisplayGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(DisplayGateway.name);

  constructor(
    @Inject(AccessTokenVerifier) private readonly verifier: AccessTokenVerifier,
    private readonly publisher: DisplayPublisher,
    private readonly agents: AgentsRepository,
  ) {}

  afterInit(namespace: Namespace) {
    namespace.use((socket: DisplaySocket, next) => {
      const token = socket.handshake.auth?.token;
      if (typeof token !== 'string' || !token) return next(new Error('unauthorized'));
      this.verifier
        .verify(token)
        .then((user) => {
          socket.data.user = user;
          next();
        })
        .catch(() => next(new Error('unauthorized')));
    });
  }

  async handleConnection(socket: DisplaySocket) {
    const user = socket.data.user;
    if (!user) return socket.disconnect(true);
    // A recovered connection keeps its rooms and receives what it missed.
    if (socket.recovered) return;
    await socket.join(teamRoom(user.team_id));
    socket.emit('display:welcome', {
      team_id: user.team_id,
      team_name: await this.agents.teamNameOf(user.team_id),
      server_time: new Date().toISOString(),
    });
    socket.emit('display:agents', await this.publisher.rosterPayload(user.team_id));
    this.logger.debug(`display connected for team ${user.team_id}`);
  }

  @SubscribeMessage('display:refresh')
  async refresh(@ConnectedSocket() socket: DisplaySocket) {
    const user = socket.data.user;
    if (user) socket.emit('display:agents', await this.publisher.rosterPayload(user.team_id));
  }
}
