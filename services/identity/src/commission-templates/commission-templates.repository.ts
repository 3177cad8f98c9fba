import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** The team's commission template ids per side, as the transactions service last published them (UpdateCommissionTemplatesWhenTemplatesChange). */
@Injectable()
export class CommissionTemplatesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's ids per side (none known yet: empty lists). */
  async idsOf(teamId: number, manager?: EntityManager): Promise<{ buyer: number[]; seller: number[] }> {
    const [row]: { buyer_ids: number[]; seller_ids: number[] }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT buyer_ids, seller_ids FROM identity.commission_templates WHERE team_id = $1`,
      [teamId],
    );
    return { buyer: row?.buyer_ids ?? [], seller: row?.seller_ids ?? [] };
  }
}
