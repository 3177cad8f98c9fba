import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TableRow } from '@app/database';
import type { VendorEnrolled } from '@app/contracts';

/** A vendor option (spec 001 section 3: a label with the name, and logo_path). */
export type VendorOption = Pick<TableRow<'transactions.vendors'>, 'logo_path' | 'agent_id' | 'vendor_type'> & {
  id: TableRow<'transactions.vendors'>['vendor_id'];
  label: TableRow<'transactions.vendors'>['name'];
};

/** transactions.vendors: the read copy of identity's vendor organisations. */
@Injectable()
export class VendorsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async upsert(vendor: VendorEnrolled, occurredAt: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO transactions.vendors (vendor_id, team_id, agent_id, name, vendor_type, logo_path, enrolled_ts)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (vendor_id) DO UPDATE SET team_id = EXCLUDED.team_id, agent_id = EXCLUDED.agent_id, name = EXCLUDED.name,
         vendor_type = EXCLUDED.vendor_type, logo_path = EXCLUDED.logo_path, enrolled_ts = EXCLUDED.enrolled_ts`,
      [vendor.vendor_id, vendor.team_id, vendor.agent_id, vendor.name, vendor.vendor_type, vendor.logo_path, occurredAt],
    );
  }

  /** The team's vendor options, by name. */
  async optionsOf(teamId: number): Promise<VendorOption[]> {
    return this.dataSource.query(
      `SELECT vendor_id AS id, name AS label, logo_path, agent_id, vendor_type FROM transactions.vendors WHERE team_id = $1 ORDER BY lower(name), vendor_id`,
      [teamId],
    );
  }
}
