import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { InboxCounts } from '@app/contracts';
import { CommentsRepository } from '../comments/comments.repository';
import { DirectMessagesRepository } from '../direct-messages/direct-messages.repository';

/** Unread threads of each inbox: DMs, comments, and the comments mentioning the user (All: archived ones aside). */
@Injectable()
export class InboxCountsService {
  constructor(
    private readonly dms: DirectMessagesRepository,
    private readonly comments: CommentsRepository,
  ) {}

  /** Counts of several users (three queries whatever their number). Clients have no DM inbox: 0. */
  async countsOf(manager: EntityManager, agentIds: number[], clients: ReadonlySet<number> = new Set()): Promise<Map<number, InboxCounts>> {
    const ids = [...new Set(agentIds)];
    if (ids.length === 0) return new Map();
    const [dms, comments] = await Promise.all([this.dms.unreadCounts(manager, ids), this.comments.unreadCounts(manager, ids)]);
    return new Map(
      ids.map((id) => [
        id,
        { dms: clients.has(id) ? 0 : (dms.get(id) ?? 0), comments: comments.get(id)?.comments ?? 0, mentions: comments.get(id)?.mentions ?? 0 },
      ]),
    );
  }
}
