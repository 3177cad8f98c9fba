import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  EsignStoragePaths,
  EsignTemplate,
  EsignTemplateDocument,
  EsignTemplateOrderBy,
  EsignTemplateSchema,
  EsignTemplateStatus,
  TransactionType,
} from '@app/contracts';
import { containsPattern, type Narrow, type TableRow } from '@app/database';

/** An ISO timestamp with milliseconds, as the wire carries updated_ts (and as PUT .../schema sends it back). */
export const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A new updated_ts: now to the millisecond, and always later than the previous one (two saves in one millisecond stay apart). */
export const NEXT_UPDATED_TS = `greatest(date_trunc('milliseconds', clock_timestamp()), updated_ts + interval '1 millisecond')`;

const TEMPLATE_COLUMNS = `
  t.esig_template_id, t.name, t.type_id, t.status, t.external_id,
  json_build_object('default_document_type', t.default_document_type, 'default_storage_path', t.default_storage_path) AS storage_paths,
  ${isoOf('t.updated_ts')} AS updated_ts, ${isoOf('t.created_ts')} AS created_ts,
  dt.name AS document_type_name, f.folder_name`;
const TEMPLATE_FROM = `
  esign.templates t
  LEFT JOIN esign.document_types dt ON dt.team_id = t.team_id AND dt.doc_type_id = t.default_document_type
  LEFT JOIN esign.document_folders f ON f.team_id = t.team_id AND f.folder_id = t.default_storage_path`;

/** What each sortable column orders by (ties by id). */
const ORDER_SQL: Record<EsignTemplateOrderBy, string> = {
  name: 'lower(t.name)',
  type_id: "CASE t.type_id WHEN 'b' THEN 'buyer' WHEN 's' THEN 'seller' ELSE 'all' END",
  document_type_name: 'lower(dt.name)',
  folder_name: 'lower(f.folder_name)',
  updated_ts: 't.updated_ts',
};

/** A template_documents row as documents() reads it: the uuid as its id, size an int8 (text through pg). */
type StoredTemplateDocument = Narrow<
  Pick<TableRow<'esign.template_documents'>, 'name' | 'pages' | 'storage_key' | 'size' | 'page_sizes'>,
  { page_sizes: { width: number; height: number }[] }
> & { id: string };

/** A stored PDF of a template (its size a number). */
export type TemplateDocumentRow = EsignTemplateDocument & Omit<StoredTemplateDocument, 'size'> & { size: number };

export interface TemplateListOptions {
  status: EsignTemplateStatus;
  page: number;
  perPage: number;
  orderBy: EsignTemplateOrderBy;
  orderDir: 'asc' | 'desc';
  search?: string;
}

export interface NewTemplate {
  team_id: number;
  name: string;
  type_id: TransactionType;
  storage_paths: EsignStoragePaths;
  external_id: string;
  schema: EsignTemplateSchema;
  created_by: number;
}

/** The rows an UPDATE/DELETE ... RETURNING answered (TypeORM answers those as [rows, count], an INSERT as rows). */
export function returnedRows(result: unknown): unknown[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0];
  return Array.isArray(result) ? result : [];
}

/** The type_id condition of a quick search: the words All / Buyer / Seller (any part) or the codes b / s. */
export const TYPE_SEARCH_SQL = (column: string, param: string, raw: string) =>
  `(CASE ${column} WHEN 'b' THEN 'buyer' WHEN 's' THEN 'seller' ELSE 'all' END LIKE ${param} OR coalesce(${column}, '') = ${raw})`;

@Injectable()
export class TemplatesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The team's templates of a status, searched on name and type_id, sorted and paged in SQL. */
  async list(teamId: number, options: TemplateListOptions): Promise<{ records: EsignTemplate[]; total: number }> {
    const params: unknown[] = [teamId, options.status];
    const where = ['t.team_id = $1', 't.status = $2'];
    if (options.search) {
      const like = `$${params.push(containsPattern(options.search.toLowerCase()))}`;
      const raw = `$${params.push(options.search.toLowerCase())}`;
      where.push(`(lower(t.name) LIKE ${like} OR ${TYPE_SEARCH_SQL('t.type_id', like, raw)})`);
    }
    const total: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) FROM ${TEMPLATE_FROM} WHERE ${where.join(' AND ')}`,
      params,
    );
    const dir = options.orderDir === 'desc' ? 'DESC' : 'ASC';
    const records: EsignTemplate[] = await this.dataSource.query(
      `SELECT ${TEMPLATE_COLUMNS} FROM ${TEMPLATE_FROM} WHERE ${where.join(' AND ')}
        ORDER BY ${ORDER_SQL[options.orderBy]} ${dir} NULLS LAST, t.esig_template_id ${dir}
        LIMIT $${params.push(options.perPage)} OFFSET $${params.push((options.page - 1) * options.perPage)}`,
      params,
    );
    return { records, total: Number(total[0].count) };
  }

  /** An active (status N) template of the team, else null (another team's id included). */
  async one(teamId: number, templateId: number, manager?: EntityManager): Promise<EsignTemplate | null> {
    const rows: EsignTemplate[] = await (manager ?? this.dataSource.manager).query(
      `SELECT ${TEMPLATE_COLUMNS} FROM ${TEMPLATE_FROM} WHERE t.team_id = $1 AND t.esig_template_id = $2 AND t.status = 'N'`,
      [teamId, templateId],
    );
    return rows[0] ?? null;
  }

  /** The template's schema (documents, roles, fields). */
  async schema(templateId: number, manager?: EntityManager): Promise<EsignTemplateSchema> {
    const rows: Narrow<Pick<TableRow<'esign.templates'>, 'schema'>, { schema: EsignTemplateSchema }>[] = await (
      manager ?? this.dataSource.manager
    ).query(`SELECT schema FROM esign.templates WHERE esig_template_id = $1`, [templateId]);
    return rows[0].schema;
  }

  /** The template's PDFs in schema order. */
  async documents(templateId: number, manager?: EntityManager): Promise<TemplateDocumentRow[]> {
    const rows: StoredTemplateDocument[] = await (manager ?? this.dataSource.manager).query(
      `SELECT document_uuid::text AS id, name, pages, storage_key, size, page_sizes FROM esign.template_documents WHERE esig_template_id = $1 ORDER BY position`,
      [templateId],
    );
    return rows.map((row) => ({ ...row, size: Number(row.size) }));
  }

  async insert(manager: EntityManager, template: NewTemplate): Promise<number> {
    const rows: Pick<TableRow<'esign.templates'>, 'esig_template_id'>[] = await manager.query(
      `INSERT INTO esign.templates (team_id, name, type_id, default_storage_path, default_document_type, external_id, schema, created_by, created_ts, updated_ts)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', clock_timestamp()))
       RETURNING esig_template_id`,
      [
        template.team_id,
        template.name,
        template.type_id,
        template.storage_paths.default_storage_path,
        template.storage_paths.default_document_type,
        template.external_id,
        JSON.stringify(template.schema),
        template.created_by,
      ],
    );
    return rows[0].esig_template_id;
  }

  /** Adds a PDF at the end of the template's documents. */
  async insertDocument(manager: EntityManager, templateId: number, document: TemplateDocumentRow): Promise<void> {
    await manager.query(
      `INSERT INTO esign.template_documents (document_uuid, esig_template_id, position, name, storage_key, size, pages, page_sizes)
       VALUES ($1, $2, (SELECT coalesce(max(position), 0) + 1 FROM esign.template_documents WHERE esig_template_id = $2), $3, $4, $5, $6, $7::jsonb)`,
      [document.id, templateId, document.name, document.storage_key, document.size, document.pages, JSON.stringify(document.page_sizes)],
    );
  }

  /** Name, type and storage paths; bumps updated_ts. */
  async updateMeta(
    manager: EntityManager,
    templateId: number,
    changes: { name: string; type_id: TransactionType; storage_paths: EsignStoragePaths },
  ): Promise<void> {
    await manager.query(
      `UPDATE esign.templates SET name = $2, type_id = $3, default_storage_path = $4, default_document_type = $5, updated_ts = ${NEXT_UPDATED_TS}
        WHERE esig_template_id = $1`,
      [templateId, changes.name, changes.type_id, changes.storage_paths.default_storage_path, changes.storage_paths.default_document_type],
    );
  }

  /**
   * Saves the schema when the stored updated_ts is still `expected` (the version the builder loaded); answers
   * false when someone saved since (optimistic concurrency).
   */
  async saveSchema(manager: EntityManager, templateId: number, schema: EsignTemplateSchema, expected: string): Promise<boolean> {
    const result: unknown = await manager.query(
      `UPDATE esign.templates SET schema = $2::jsonb, updated_ts = ${NEXT_UPDATED_TS}
        WHERE esig_template_id = $1 AND status = 'N' AND updated_ts = $3::timestamptz
        RETURNING esig_template_id`,
      [templateId, JSON.stringify(schema), expected],
    );
    return returnedRows(result).length > 0;
  }

  /** Replaces the schema and bumps updated_ts (documents added). */
  async replaceSchema(manager: EntityManager, templateId: number, schema: EsignTemplateSchema): Promise<void> {
    await manager.query(`UPDATE esign.templates SET schema = $2::jsonb, updated_ts = ${NEXT_UPDATED_TS} WHERE esig_template_id = $1`, [
      templateId,
      JSON.stringify(schema),
    ]);
  }

  /** The provider's id of the template (a template made under another provider, made again there); updated_ts stays. */
  async setExternalId(manager: EntityManager, templateId: number, externalId: string): Promise<void> {
    await manager.query(`UPDATE esign.templates SET external_id = $2 WHERE esig_template_id = $1`, [templateId, externalId]);
  }

  /** A user's email from esign's users read copy (null when unknown). */
  async userEmail(agentId: number): Promise<string | null> {
    const rows: Pick<TableRow<'esign.users'>, 'email'>[] = await this.dataSource.query(
      `SELECT email FROM esign.users WHERE agent_id = $1`,
      [agentId],
    );
    return rows[0]?.email ?? null;
  }

  /** Locks the template's row for the rest of the transaction. */
  async lock(manager: EntityManager, templateId: number): Promise<void> {
    await manager.query(`SELECT 1 FROM esign.templates WHERE esig_template_id = $1 FOR UPDATE`, [templateId]);
  }

  /** Names of the team's active packets that use the template, by name. */
  async packetsUsing(teamId: number, templateId: number, manager?: EntityManager): Promise<string[]> {
    const rows: Pick<TableRow<'esign.packet_blueprints'>, 'name'>[] = await (manager ?? this.dataSource.manager).query(
      `SELECT DISTINCT p.name, lower(p.name) FROM esign.packet_blueprints p
         JOIN esign.packet_blueprint_templates pt ON pt.esig_packet_blueprint_id = p.esig_packet_blueprint_id
        WHERE p.team_id = $1 AND p.status = 'N' AND pt.esig_template_id = $2
        ORDER BY lower(p.name)`,
      [teamId, templateId],
    );
    return rows.map((row) => row.name);
  }

  /** Status D (its documents stay: requests already sent keep their own snapshot). */
  async markDeleted(manager: EntityManager, templateId: number): Promise<void> {
    await manager.query(`UPDATE esign.templates SET status = 'D', updated_ts = ${NEXT_UPDATED_TS} WHERE esig_template_id = $1`, [
      templateId,
    ]);
  }
}
