import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EsignPacketBlueprint, EsignPacketOrderBy, EsignTemplateStatus, TransactionType } from '@app/contracts';
import { containsPattern, type TableRow } from '@app/database';
import { isoOf, NEXT_UPDATED_TS, returnedRows, TYPE_SEARCH_SQL } from '../templates/templates.repository';

const PACKET_COLUMNS = `
  p.esig_packet_blueprint_id, p.name, p.type_id, p.status, ${isoOf('p.updated_ts')} AS updated_ts,
  coalesce((SELECT json_agg(json_build_object('esig_template_id', t.esig_template_id, 'name', t.name) ORDER BY pt.position)
              FROM esign.packet_blueprint_templates pt JOIN esign.templates t ON t.esig_template_id = pt.esig_template_id
             WHERE pt.esig_packet_blueprint_id = p.esig_packet_blueprint_id), '[]'::json) AS templates`;

const ORDER_SQL: Record<EsignPacketOrderBy, string> = {
  name: 'lower(p.name)',
  type_id: "CASE p.type_id WHEN 'b' THEN 'buyer' WHEN 's' THEN 'seller' ELSE 'all' END",
  updated_ts: 'p.updated_ts',
};

export interface PacketListOptions {
  status: EsignTemplateStatus;
  page: number;
  perPage: number;
  orderBy: EsignPacketOrderBy;
  orderDir: 'asc' | 'desc';
  search?: string;
}

export interface PacketValues {
  name: string;
  type_id: TransactionType;
  templates: number[];
}

/** Packet blueprints: a name, a transaction type and templates in order. */
@Injectable()
export class PacketsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(teamId: number, options: PacketListOptions): Promise<{ records: EsignPacketBlueprint[]; total: number }> {
    const params: unknown[] = [teamId, options.status];
    const where = ['p.team_id = $1', 'p.status = $2'];
    if (options.search) {
      const like = `$${params.push(containsPattern(options.search.toLowerCase()))}`;
      const raw = `$${params.push(options.search.toLowerCase())}`;
      where.push(`(lower(p.name) LIKE ${like} OR ${TYPE_SEARCH_SQL('p.type_id', like, raw)})`);
    }
    const total: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) FROM esign.packet_blueprints p WHERE ${where.join(' AND ')}`,
      params,
    );
    const dir = options.orderDir === 'desc' ? 'DESC' : 'ASC';
    const records: EsignPacketBlueprint[] = await this.dataSource.query(
      `SELECT ${PACKET_COLUMNS} FROM esign.packet_blueprints p WHERE ${where.join(' AND ')}
        ORDER BY ${ORDER_SQL[options.orderBy]} ${dir}, p.esig_packet_blueprint_id ${dir}
        LIMIT $${params.push(options.perPage)} OFFSET $${params.push((options.page - 1) * options.perPage)}`,
      params,
    );
    return { records, total: Number(total[0].count) };
  }

  /** An active packet of the team, else null. */
  async one(teamId: number, packetId: number, manager?: EntityManager): Promise<EsignPacketBlueprint | null> {
    const rows: EsignPacketBlueprint[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${PACKET_COLUMNS} FROM esign.packet_blueprints p WHERE p.team_id = $1 AND p.esig_packet_blueprint_id = $2 AND p.status = 'N'`,
      [teamId, packetId],
    );
    return rows[0] ?? null;
  }

  /** Of ids, those that are active templates of the team (locked against a concurrent delete). */
  async activeTemplateIds(manager: EntityManager, teamId: number, ids: readonly number[]): Promise<Set<number>> {
    const rows: Pick<TableRow<'esign.templates'>, 'esig_template_id'>[] = await manager.query(
      `SELECT esig_template_id FROM esign.templates WHERE team_id = $1 AND status = 'N' AND esig_template_id = ANY($2::int[]) FOR SHARE`,
      [teamId, ids],
    );
    return new Set(rows.map((row) => row.esig_template_id));
  }

  async insert(manager: EntityManager, teamId: number, agentId: number, values: PacketValues): Promise<number> {
    const rows: Pick<TableRow<'esign.packet_blueprints'>, 'esig_packet_blueprint_id'>[] = await manager.query(
      `INSERT INTO esign.packet_blueprints (team_id, name, type_id, created_by, created_ts, updated_ts)
       VALUES ($1, $2, $3, $4, date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', clock_timestamp()))
       RETURNING esig_packet_blueprint_id`,
      [teamId, values.name, values.type_id, agentId],
    );
    const id = rows[0].esig_packet_blueprint_id;
    await this.replaceTemplates(manager, id, values.templates);
    return id;
  }

  async update(manager: EntityManager, packetId: number, values: PacketValues): Promise<void> {
    await manager.query(
      `UPDATE esign.packet_blueprints SET name = $2, type_id = $3, updated_ts = ${NEXT_UPDATED_TS} WHERE esig_packet_blueprint_id = $1`,
      [packetId, values.name, values.type_id],
    );
    await this.replaceTemplates(manager, packetId, values.templates);
  }

  /** Status D; its templates are no longer held by it. */
  async markDeleted(manager: EntityManager, teamId: number, packetId: number): Promise<boolean> {
    const result: unknown = await manager.query(
      `UPDATE esign.packet_blueprints SET status = 'D', updated_ts = ${NEXT_UPDATED_TS} WHERE esig_packet_blueprint_id = $1 AND team_id = $2 AND status = 'N' RETURNING esig_packet_blueprint_id`,
      [packetId, teamId],
    );
    return returnedRows(result).length > 0;
  }

  async lock(manager: EntityManager, packetId: number): Promise<void> {
    await manager.query(`SELECT 1 FROM esign.packet_blueprints WHERE esig_packet_blueprint_id = $1 FOR UPDATE`, [packetId]);
  }

  private async replaceTemplates(manager: EntityManager, packetId: number, templates: readonly number[]): Promise<void> {
    await manager.query(`DELETE FROM esign.packet_blueprint_templates WHERE esig_packet_blueprint_id = $1`, [packetId]);
    await manager.query(
      `INSERT INTO esign.packet_blueprint_templates (esig_packet_blueprint_id, position, esig_template_id)
       SELECT $1, e.ord, e.id FROM unnest($2::int[]) WITH ORDINALITY AS e(id, ord)`,
      [packetId, templates],
    );
  }
}
