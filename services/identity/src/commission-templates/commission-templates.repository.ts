import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CommissionTemplatesChanged } from '@app/contracts';

/** The team's commission template ids per side, as the transactions service last published them. */
@Injectable()
export class CommissionTemplatesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Replaces the team's ids unless the stored revision is the same or newer; answers whether it applied. */
  async apply(teamId: number, list: CommissionTemplatesChanged, manager: EntityManager): Promise<boolean> {
    const buyer = list.templates.filter((t) => t.client_type_id === 'b').map((t) => t.commission_template_id);
    const seller = list.templates.filter((t) => t.client_type_id === 's').map((t) => t.commission_template_id);
    const rows: unknown[] = await manager.query(
      `INSERT INTO identity.commission_templates (team_id, revision, buyer_ids, seller_ids) VALUES ($1, $2, $3, $4)
       ON CONFLICT (team_id) DO UPDATE SET revision = EXCLUDED.revision, buyer_ids = EXCLUDED.buyer_ids, seller_ids = EXCLUDED.seller_ids, updated_ts = now()
        WHERE identity.commission_templates.revision < EXCLUDED.revision
       RETURNING team_id`,
      [teamId, list.revision, buyer, seller],
    );
    return rows.length > 0;
  }

  /** The team's ids per side (none known yet: empty lists). */
  async idsOf(teamId: number, manager?: EntityManager): Promise<{ buyer: number[]; seller: number[] }> {
    const [row]: { buyer_ids: number[]; seller_ids: number[] }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT buyer_ids, seller_ids FROM identity.commission_templates WHERE team_id = $1`,
      [teamId],
    );
    return { buyer: row?.buyer_ids ?? [], seller: row?.seller_ids ?? [] };
  }
}
