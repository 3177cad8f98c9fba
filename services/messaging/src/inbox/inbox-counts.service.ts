import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { InboxCounts } from '@app/contracts';
import { CommentsRepository } from '../comments/comments.repository';
import { DirectMessagesRepository } from '../direct-messages/direct-messages.repository';

/** Which counts a change can move: a DM change the DM counts, a comment change the comment and mention counts. */
export type CountScope = 'all' | 'dms' | 'comments';

/** Whether `after` differs from `before` in the counts of `scope`. */
export function countsDiffer(before: InboxCounts | undefined, after: InboxCounts, scope: CountScope): boolean {
  if (!before) return true;
  const dms = before.dms !== after.dms;
  const comments = before.comments !== after.comments || before.mentions !== after.mentions;
  return scope === 'dms' ? dms : scope === 'comments' ? comments : dms || comments;
}

/** Unread threads of each inbox: DMs, comments, and the comments mentioning the user (All: archived ones aside). */
@Injectable()
export class InboxCountsService {
  constructor(
    private readonly dms: DirectMessagesRepository,
    private readonly comments: CommentsRepository,
  ) {}

  /**
   * Counts of several users (two queries whatever their number). Clients have no DM inbox: 0. `scope` reads
   * only the DM or only the comment counts (the others answer 0): what a change of one kind can move.
   */
  async countsOf(
    manager: EntityManager,
    agentIds: number[],
    clients: ReadonlySet<number> = new Set(),
    scope: CountScope = 'all',
  ): Promise<Map<number, InboxCounts>> {
    const ids = [...new Set(agentIds)];
    if (ids.length === 0) return new Map();
    const [dms, comments] = await Promise.all([
      scope === 'comments' ? new Map<number, number>() : this.dms.unreadCounts(manager, ids),
      scope === 'dms' ? new Map<number, { comments: number; mentions: number }>() : this.comments.unreadCounts(manager, ids),
    ]);
    return new Map(
      ids.map((id) => [
        id,
        {
          dms: clients.has(id) ? 0 : (dms.get(id) ?? 0),
          comments: comments.get(id)?.comments ?? 0,
          mentions: comments.get(id)?.mentions ?? 0,
        },
      ]),
    );
  }
}
