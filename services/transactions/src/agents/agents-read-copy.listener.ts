import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { parseUsDate, type EventEnvelope } from '@app/contracts';
import { ReadCopyListener } from '@app/events';
import { DisplayPublisher } from '../display/display.publisher';
import { DisplayFigures } from '../display/display-figures.service';
import { AgentsRepository } from './agents.repository';

/**
 * Keeps the agents read copy current (identity owns the originals; a snapshot older than the stored one, from
 * out-of-order delivery, is ignored) and tells the team's office TVs.
 */
@Injectable()
export class UpdateAgentsWhenUserChanges extends ReadCopyListener({
  table: 'transactions.agents',
  upsertOn: ['identity.user.created', 'identity.user.updated'],
  row: ({ payload: snapshot, occurred_at }) => ({
    agent_id: snapshot.agent_id,
    team_id: snapshot.team_id,
    first_name: snapshot.first_name,
    last_name: snapshot.last_name,
    email: snapshot.email,
    status: snapshot.status,
    roles: snapshot.roles,
    profile_image_path: snapshot.profile_image_path,
    leader_board_exclude: snapshot.leader_board_exclude,
    source_occurred_at: occurred_at,
    brokerage_cap_amt: snapshot.brokerage_cap_amt ?? null,
    royalty_cap_amt: snapshot.royalty_cap_amt ?? null,
    brokerage_cap_anniversary_dt: parseUsDate(snapshot.brokerage_cap_anniversary_dt),
    royalty_cap_anniversary_dt: parseUsDate(snapshot.royalty_cap_anniversary_dt),
    default_buyer_commission_templates: snapshot.default_buyer_commission_templates ?? [],
    default_seller_commission_templates: snapshot.default_seller_commission_templates ?? [],
  }),
  key: ['agent_id'],
  newest: { column: 'source_occurred_at', equalReplaces: true },
  touch: 'updated_ts',
}) {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly display: DisplayPublisher,
    private readonly figures: DisplayFigures,
  ) {
    super();
  }

  protected override async around(
    event: EventEnvelope<'identity.user.created' | 'identity.user.updated'>,
    manager: EntityManager,
    write: () => Promise<unknown>,
  ) {
    await write();
    await this.agents.writeAgentNameThrough(event.payload, manager);
    await this.agents.rememberTeam(event.payload.team_id, event.payload.team_name, manager);
    const teamId = event.payload.team_id;
    // After commit, so the TVs never show a change that rolled back: the roster, and the figures naming agents
    // (names, pictures, leaderboard exclusions).
    return async () => {
      await this.display.pushRoster(teamId);
      await this.figures.refreshTeam(teamId);
    };
  }
}
