import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { DisplayFigures } from './display-figures.service';

/** After commit: the team's subscribed Display Mode keys get fresh figures (at most once per key per window). */
const refreshAfterCommit = (figures: DisplayFigures, teamId: number | null) =>
  teamId === null ? undefined : () => figures.refreshTeam(teamId);

/** A transaction created, changed or deleted moves the team's figures. */
@Injectable()
export class PushDisplayFiguresWhenTransactionChanges {
  constructor(private readonly figures: DisplayFigures) {}

  @HandleEvent('transactions.transaction.created')
  async onCreated(event: EventEnvelope<'transactions.transaction.created'>) {
    return refreshAfterCommit(this.figures, event.team_id);
  }

  @HandleEvent('transactions.transaction.updated')
  async onUpdated(event: EventEnvelope<'transactions.transaction.updated'>) {
    return refreshAfterCommit(this.figures, event.team_id);
  }

  @HandleEvent('transactions.transaction.deleted')
  async onDeleted(event: EventEnvelope<'transactions.transaction.deleted'>) {
    return refreshAfterCommit(this.figures, event.team_id);
  }
}

/** A task created, changed or deleted moves the activity feed. */
@Injectable()
export class PushDisplayFiguresWhenTaskChanges {
  constructor(private readonly figures: DisplayFigures) {}

  @HandleEvent('transactions.task.created')
  async onCreated(event: EventEnvelope<'transactions.task.created'>) {
    return refreshAfterCommit(this.figures, event.team_id);
  }

  @HandleEvent('transactions.task.updated')
  async onUpdated(event: EventEnvelope<'transactions.task.updated'>) {
    return refreshAfterCommit(this.figures, event.team_id);
  }

  @HandleEvent('transactions.task.deleted')
  async onDeleted(event: EventEnvelope<'transactions.task.deleted'>) {
    return refreshAfterCommit(this.figures, event.team_id);
  }
}

/** A team's goals changed: its pacing moves. */
@Injectable()
export class PushDisplayFiguresWhenGoalsChange {
  constructor(private readonly figures: DisplayFigures) {}

  @HandleEvent('transactions.goals.changed')
  async onChanged(event: EventEnvelope<'transactions.goals.changed'>) {
    return refreshAfterCommit(this.figures, event.team_id);
  }
}
