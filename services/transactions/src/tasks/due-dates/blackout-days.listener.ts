import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { DueDatesQueue } from './due-dates.queue';
import { TeamCalendarRepository } from './team-calendar.repository';

/**
 * Blackout days saved in the administration area: store the team's calendar (an older revision
 * delivered late is dropped) and, in the same transaction, queue the recompute of its open due dates.
 */
@Injectable()
export class RecomputeDueDatesWhenBlackoutDaysChange {
  constructor(
    private readonly calendars: TeamCalendarRepository,
    private readonly queue: DueDatesQueue,
  ) {}

  @HandleEvent('team-admin.blackout-days.changed')
  async onBlackoutDaysChanged(event: EventEnvelope<'team-admin.blackout-days.changed'>, manager: EntityManager) {
    const teamId = event.team_id;
    if (teamId === null) return;
    const { revision, weekdays, dates } = event.payload;
    if (!(await this.calendars.store(manager, teamId, revision, weekdays, dates))) return;
    // In the calendar's transaction (the outbox): stored, its recompute is queued, whatever happens next.
    await this.queue.enqueueInTransaction(manager, teamId, revision);
  }
}
