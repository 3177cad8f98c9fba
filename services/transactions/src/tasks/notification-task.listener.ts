import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TASK_STATUS, type EventEnvelope } from '@app/contracts';
import type { TableRow } from '@app/database';
import { HandleEvent } from '@app/events';
import { TaskWriter } from './task-writer';

/** Messaging sent a notification task's notification: the N task becomes Completed, once. */
@Injectable()
export class CompleteNotificationTaskWhenNotificationSent {
  constructor(private readonly writer: TaskWriter) {}

  @HandleEvent('messaging.task-notification.sent')
  async onNotificationSent(event: EventEnvelope<'messaging.task-notification.sent'>, manager: EntityManager) {
    const [task]: Pick<TableRow<'transactions.tasks'>, 'task_id' | 'done'>[] = await manager.query(
      `SELECT task_id, done FROM transactions.tasks WHERE task_id = $1 AND task_type = 'N' FOR UPDATE`,
      [event.payload.task_id],
    );
    // Deleted since, not a notification task, or already done: nothing to do (a replay changes nothing).
    if (!task || task.done) return;
    await this.writer.update(manager, task.task_id, { status_id: TASK_STATUS.completed });
  }
}
