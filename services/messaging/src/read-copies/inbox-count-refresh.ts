import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CommentAudienceRepository } from '../audience/comment-audience';
import { InboxCountsService } from '../inbox/inbox-counts.service';
import { InboxNotifier } from '../inbox/inbox-notifier';

/** What a read-copy change is about to write, to tell whether it can move who sees a transaction's comments. */
export type ReadCopyChange =
  | {
      kind: 'transaction';
      client_id: number;
      team_id: number;
      primary_agent_id: number | null;
      tc_agent_id: number | null;
      client_user_ids: number[];
      vendor_user_ids: number[];
      deleted: boolean;
    }
  | { kind: 'task'; task_id: number; client_id: number; assigned_to_agent_id: number | null; deleted: boolean }
  | { kind: 'document'; document_id: number; client_id: number; deleted: boolean };

/**
 * The counts side of a read-copy change (inbox.counts to each user whose counts changed): a deleted
 * transaction, task or document takes its threads out of inboxes; a new primary agent, TC, client, vendor or
 * assignee brings threads in. Before the change (in the consumer's transaction) it reads the comment counts of
 * everyone who may see the transaction's comments; after the commit it pushes those that changed, to them and
 * to whoever may see them now. Changes that cannot move an audience, and transactions without comments, cost
 * one small query.
 */
@Injectable()
export class InboxCountRefresh {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audience: CommentAudienceRepository,
    private readonly counts: InboxCountsService,
    private readonly notifier: InboxNotifier,
  ) {}

  /** The after-commit step of `change`, or undefined when it cannot move anyone's counts. */
  async around(manager: EntityManager, change: ReadCopyChange): Promise<(() => Promise<void>) | undefined> {
    if (!(await this.mayMoveCounts(manager, change))) return undefined;
    const [commented]: unknown[] = await manager.query(
      `SELECT 1 FROM messaging.comments WHERE client_id = $1 AND parent_comment_id IS NULL LIMIT 1`,
      [change.client_id],
    );
    if (!commented) return undefined;
    const before = await this.audience.audienceOf(manager, change.client_id, 'c');
    const counts = await this.counts.countsOf(manager, before, undefined, 'comments');
    return async () => {
      const after = await this.audience.audienceOf(this.dataSource.manager, change.client_id, 'c');
      await this.notifier.pushCountChanges(counts, [...new Set([...before, ...after])], 'comments');
    };
  }

  /** Whether the stored row differs from the change in what decides who sees and takes part (or it is a delete). */
  private async mayMoveCounts(manager: EntityManager, change: ReadCopyChange): Promise<boolean> {
    if (change.deleted) return true;
    if (change.kind === 'document') return false;
    if (change.kind === 'task') {
      const [row]: { assigned_to_agent_id: number | null }[] = await manager.query(
        `SELECT assigned_to_agent_id FROM messaging.tasks WHERE task_id = $1`,
        [change.task_id],
      );
      return (row?.assigned_to_agent_id ?? null) !== change.assigned_to_agent_id;
    }
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM messaging.transactions WHERE client_id = $1
         AND (team_id <> $2 OR primary_agent_id IS DISTINCT FROM $3 OR tc_agent_id IS DISTINCT FROM $4
              OR client_user_ids <> $5::int[] OR vendor_user_ids <> $6::int[])`,
      [change.client_id, change.team_id, change.primary_agent_id, change.tc_agent_id, change.client_user_ids, change.vendor_user_ids],
    );
    return rows.length > 0;
  }
}
