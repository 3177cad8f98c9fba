import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { ReadCopyListener, type ReadCopyWrite } from '@app/events';

/**
 * Keeps the team's commission template ids per side, as the transactions service last published them, which the
 * admin user form checks default templates against. A list replaces the team's ids unless the stored revision is
 * the same or newer.
 */
@Injectable()
export class UpdateCommissionTemplatesWhenTemplatesChange extends ReadCopyListener({
  table: 'identity.commission_templates',
  upsertOn: ['transactions.commission-templates.changed'],
  // Published per team: the envelope always names it.
  row: ({ team_id, payload: list }) =>
    team_id === null
      ? null
      : {
          team_id,
          revision: list.revision,
          buyer_ids: list.templates.filter((t) => t.client_type_id === 'b').map((t) => t.commission_template_id),
          seller_ids: list.templates.filter((t) => t.client_type_id === 's').map((t) => t.commission_template_id),
        },
  key: ['team_id'],
  newest: { column: 'revision' },
  touch: 'updated_ts',
}) {
  private readonly logger = new Logger(UpdateCommissionTemplatesWhenTemplatesChange.name);

  protected override async around(
    event: EventEnvelope<'transactions.commission-templates.changed'>,
    _manager: EntityManager,
    write: () => Promise<ReadCopyWrite>,
  ) {
    if (!(await write()).applied) {
      this.logger.debug(
        `team ${event.team_id} templates revision ${event.payload.revision} skipped (the copy holds this revision or a newer one)`,
      );
    }
  }
}
