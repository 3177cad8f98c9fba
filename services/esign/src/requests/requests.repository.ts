import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  EsignAuditEvent,
  EsignAuditEventType,
  EsignEmailConfig,
  EsignRequestStatus,
  EsignSignatureOrder,
  EsignTemplateSchema,
} from '@app/contracts';
import type { ColumnOf, Narrow, TableRow } from '@app/database';
import { returnedRows } from '../templates/templates.repository';

type Requests = TableRow<'esign.requests'>;

const REQUEST_COLUMN_NAMES = [
  'esig_request_id',
  'team_id',
  'client_id',
  'created_by_agent_id',
  'provider',
  'external_id',
  'status',
  'status_before_failure',
  'archived',
  'signature_order',
  'title',
  'template_ids',
  'esig_template_id',
  'default_storage_path',
  'default_document_type',
  'schema',
  'sender_values',
  'readonly_fields',
  'email_config',
  'created_ts',
  'expires_ts',
  'completed_ts',
  'final_key',
  'final_sha256',
  'final_filename',
  // A DocuSeal request: the audit log PDF downloaded beside its signed document.
  'audit_log_key',
] as const satisfies readonly ColumnOf<'esign.requests'>[];

/** A request as the signing engine reads it (REQUEST_COLUMNS): codes and JSON columns with their written shapes. */
export type RequestRow = Narrow<
  Pick<Requests, (typeof REQUEST_COLUMN_NAMES)[number]>,
  {
    status: EsignRequestStatus;
    status_before_failure: EsignRequestStatus | null;
    signature_order: EsignSignatureOrder;
    schema: EsignTemplateSchema;
    sender_values: Record<string, unknown>;
    email_config: EsignEmailConfig;
  }
>;

export type RequestDocumentRow = Narrow<
  Pick<TableRow<'esign.request_documents'>, 'position' | 'name' | 'storage_key' | 'sha256' | 'pages' | 'page_sizes'>,
  { page_sizes: { width: number; height: number }[] }
>;

/** W waiting for earlier signers, I invited, V viewed, C completed, D declined. */
export type SignerStatus = 'W' | 'I' | 'V' | 'C' | 'D';

const SIGNER_COLUMN_NAMES = [
  'signer_id',
  'esig_request_id',
  'role',
  'role_uuid',
  'name',
  'email',
  'contact_id',
  'signing_order',
  'status',
  'invited_ts',
  'viewed_ts',
  'completed_ts',
  'declined_ts',
  'decline_reason',
  'ip',
  'user_agent',
  'values',
] as const satisfies readonly ColumnOf<'esign.request_signers'>[];

export type SignerRow = Narrow<
  Pick<TableRow<'esign.request_signers'>, (typeof SIGNER_COLUMN_NAMES)[number]>,
  { status: SignerStatus; values: Record<string, unknown> }
>;

export type LinkRow = Narrow<
  Pick<TableRow<'esign.request_links'>, 'esig_request_id' | 'signer_id' | 'purpose' | 'created_ts'>,
  { purpose: 'sign' | 'download' }
>;

export type MailRow = Pick<
  TableRow<'esign.request_mails'>,
  'mail_id' | 'esig_request_id' | 'signer_id' | 'kind' | 'recipient' | 'attempt' | 'failed_ts' | 'retry_due_ts' | 'superseded'
>;

export interface NewRequest {
  team_id: number;
  client_id: number;
  created_by_agent_id: number;
  provider: string;
  status: EsignRequestStatus;
  signature_order: EsignSignatureOrder;
  title: string;
  template_ids: number[];
  esig_template_id: number;
  esig_packet_blueprint_id: number | null;
  default_storage_path: number;
  default_document_type: number | null;
  schema: EsignTemplateSchema;
  sender_values: Record<string, unknown>;
  readonly_fields: string[];
  email_config: EsignEmailConfig;
  lifetime_days: number;
}

export interface NewAuditEvent {
  type: EsignAuditEventType;
  actor: string;
  email?: string | null;
  ip?: string | null;
  user_agent?: string | null;
  detail?: string | null;
  /** When it happened, if not now (an event brought in from the provider). */
  ts?: string | null;
  /** The provider's id of the event: an event with an id already recorded for the request is not added again. */
  external_id?: string | null;
}

/** A signer as the provider reports them (DocuSeal's submitter): their status and times. */
export interface SignerMirror {
  status: SignerStatus;
  invited_ts: string | null;
  viewed_ts: string | null;
  completed_ts: string | null;
  declined_ts: string | null;
  decline_reason: string | null;
}

/** What a user read copy gives a request: the sender's name and address. */
export type EsignUserRow = Pick<
  TableRow<'esign.users'>,
  'agent_id' | 'team_id' | 'first_name' | 'last_name' | 'email' | 'status' | 'roles'
>;

export type EsignTransactionRow = Narrow<
  Pick<
    TableRow<'esign.transactions'>,
    'client_id' | 'team_id' | 'type' | 'address_1' | 'address_2' | 'city' | 'state' | 'postal_code' | 'primary_agent_id'
  >,
  { type: 'b' | 's' | null }
>;

const REQUEST_COLUMNS = REQUEST_COLUMN_NAMES.join(', ');

/** Requests, their documents, signers, links, mails and audit log: every query of the signing engine. */
@Injectable()
export class RequestsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  private db(manager?: EntityManager) {
    return manager ?? this.dataSource.manager;
  }

  async insert(manager: EntityManager, request: NewRequest): Promise<number> {
    const rows: Pick<Requests, 'esig_request_id'>[] = await manager.query(
      `INSERT INTO esign.requests (team_id, client_id, created_by_agent_id, provider, status, signature_order, title, template_ids, esig_template_id,
         esig_packet_blueprint_id, default_storage_path, default_document_type, schema, sender_values, readonly_fields, email_config, expires_ts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now() + make_interval(days => $17))
       RETURNING esig_request_id`,
      [
        request.team_id,
        request.client_id,
        request.created_by_agent_id,
        request.provider,
        request.status,
        request.signature_order,
        request.title,
        request.template_ids,
        request.esig_template_id,
        request.esig_packet_blueprint_id,
        request.default_storage_path,
        request.default_document_type,
        JSON.stringify(request.schema),
        JSON.stringify(request.sender_values),
        request.readonly_fields,
        JSON.stringify(request.email_config),
        request.lifetime_days,
      ],
    );
    return rows[0].esig_request_id;
  }

  /** The team's request (another team's: null). */
  async one(teamId: number, requestId: number, manager?: EntityManager): Promise<RequestRow | null> {
    const rows: RequestRow[] = await this.db(manager).query(
      `SELECT ${REQUEST_COLUMNS} FROM esign.requests WHERE team_id = $1 AND esig_request_id = $2`,
      [teamId, requestId],
    );
    return rows[0] ?? null;
  }

  async byId(requestId: number): Promise<RequestRow | null> {
    const rows: RequestRow[] = await this.dataSource.query(`SELECT ${REQUEST_COLUMNS} FROM esign.requests WHERE esig_request_id = $1`, [
      requestId,
    ]);
    return rows[0] ?? null;
  }

  /** The request locked for a change (FOR UPDATE): every status move goes through this lock. */
  async lock(manager: EntityManager, requestId: number): Promise<RequestRow | null> {
    const rows: RequestRow[] = await manager.query(`SELECT ${REQUEST_COLUMNS} FROM esign.requests WHERE esig_request_id = $1 FOR UPDATE`, [
      requestId,
    ]);
    return rows[0] ?? null;
  }

  async setExternalId(manager: EntityManager, requestId: number, externalId: string): Promise<void> {
    await manager.query(`UPDATE esign.requests SET external_id = $2 WHERE esig_request_id = $1`, [requestId, externalId]);
  }

  async setStatus(
    manager: EntityManager,
    requestId: number,
    status: EsignRequestStatus,
    statusBeforeFailure: EsignRequestStatus | null,
  ): Promise<void> {
    await manager.query(
      `UPDATE esign.requests SET status = $2::char(1), status_before_failure = $3::char(1),
              completed_ts = CASE WHEN $2::char(1) = 'C' THEN now() ELSE completed_ts END WHERE esig_request_id = $1`,
      [requestId, status, statusBeforeFailure],
    );
  }

  async archive(manager: EntityManager, requestId: number): Promise<void> {
    await manager.query(`UPDATE esign.requests SET archived = true, cancelled_ts = now() WHERE esig_request_id = $1`, [requestId]);
  }

  async setFinal(
    manager: EntityManager,
    requestId: number,
    file: { key: string; sha256: string; filename: string; contentSha256: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE esign.requests SET final_key = $2, final_sha256 = $3, final_filename = $4, content_sha256 = $5 WHERE esig_request_id = $1`,
      [requestId, file.key, file.sha256, file.filename, file.contentSha256],
    );
  }

  async setAuditLogKey(manager: EntityManager, requestId: number, key: string): Promise<void> {
    await manager.query(`UPDATE esign.requests SET audit_log_key = $2 WHERE esig_request_id = $1`, [requestId, key]);
  }

  async insertDocuments(manager: EntityManager, requestId: number, documents: readonly RequestDocumentRow[]): Promise<void> {
    for (const document of documents) {
      await manager.query(
        `INSERT INTO esign.request_documents (esig_request_id, position, name, storage_key, sha256, pages, page_sizes) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          requestId,
          document.position,
          document.name,
          document.storage_key,
          document.sha256,
          document.pages,
          JSON.stringify(document.page_sizes),
        ],
      );
    }
  }

  /** Of the given copy folders (the uuids of requests/<uuid>/...), those a request's documents are in. */
  async copyFoldersInUse(folders: readonly string[]): Promise<Set<string>> {
    const rows: { folder: string }[] = await this.dataSource.query(
      `SELECT DISTINCT split_part(storage_key, '/', 2) AS folder FROM esign.request_documents
       WHERE storage_key LIKE 'requests/%' AND split_part(storage_key, '/', 2) = ANY($1::text[])`,
      [folders],
    );
    return new Set(rows.map((row) => row.folder));
  }

  async documents(requestId: number, manager?: EntityManager): Promise<RequestDocumentRow[]> {
    return this.db(manager).query(
      `SELECT position, name, storage_key, sha256, pages, page_sizes FROM esign.request_documents WHERE esig_request_id = $1 ORDER BY position`,
      [requestId],
    );
  }

  async insertSigner(
    manager: EntityManager,
    requestId: number,
    signer: { role: string; role_uuid: string; name: string; email: string; contact_id: number | null; signing_order: number },
  ): Promise<number> {
    const rows: Pick<TableRow<'esign.request_signers'>, 'signer_id'>[] = await manager.query(
      `INSERT INTO esign.request_signers (esig_request_id, role, role_uuid, name, email, contact_id, signing_order) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING signer_id`,
      [requestId, signer.role, signer.role_uuid, signer.name, signer.email, signer.contact_id, signer.signing_order],
    );
    return rows[0].signer_id;
  }

  async signers(requestId: number, manager?: EntityManager): Promise<SignerRow[]> {
    return this.db(manager).query(
      `SELECT ${SIGNER_COLUMN_NAMES.map((column) => `"${column}"`).join(', ')} FROM esign.request_signers WHERE esig_request_id = $1 ORDER BY signing_order, signer_id`,
      [requestId],
    );
  }

  async markInvited(manager: EntityManager, signerId: number): Promise<void> {
    await manager.query(`UPDATE esign.request_signers SET status = 'I', invited_ts = now() WHERE signer_id = $1 AND status = 'W'`, [
      signerId,
    ]);
  }

  /** The first view only (later views are audited, the signer's row keeps the first). */
  async markViewed(manager: EntityManager, signerId: number, client: { ip: string | null; userAgent: string | null }): Promise<boolean> {
    const result = await manager.query(
      `UPDATE esign.request_signers SET status = 'V', viewed_ts = now(), ip = $2, user_agent = $3 WHERE signer_id = $1 AND status = 'I' RETURNING signer_id`,
      [signerId, client.ip, client.userAgent],
    );
    return returnedRows(result).length > 0;
  }

  async markCompleted(
    manager: EntityManager,
    signerId: number,
    values: Record<string, unknown>,
    client: { ip: string | null; userAgent: string | null },
  ): Promise<void> {
    await manager.query(
      `UPDATE esign.request_signers SET status = 'C', completed_ts = now(), "values" = $2, ip = $3, user_agent = $4,
              viewed_ts = coalesce(viewed_ts, now()) WHERE signer_id = $1`,
      [signerId, JSON.stringify(values), client.ip, client.userAgent],
    );
  }

  async markDeclined(
    manager: EntityManager,
    signerId: number,
    reason: string,
    client: { ip: string | null; userAgent: string | null },
  ): Promise<void> {
    await manager.query(
      `UPDATE esign.request_signers SET status = 'D', declined_ts = now(), decline_reason = $2, ip = $3, user_agent = $4,
              viewed_ts = coalesce(viewed_ts, now()) WHERE signer_id = $1`,
      [signerId, reason, client.ip, client.userAgent],
    );
  }

  /** The provider's view of a signer (times only move from null to a time; a later poll never clears them). */
  async mirrorSigner(manager: EntityManager, signerId: number, mirror: SignerMirror): Promise<void> {
    await manager.query(
      `UPDATE esign.request_signers SET status = $2, invited_ts = coalesce(invited_ts, $3::timestamptz), viewed_ts = coalesce(viewed_ts, $4::timestamptz),
              completed_ts = coalesce(completed_ts, $5::timestamptz), declined_ts = coalesce(declined_ts, $6::timestamptz),
              decline_reason = coalesce(decline_reason, $7) WHERE signer_id = $1`,
      [signerId, mirror.status, mirror.invited_ts, mirror.viewed_ts, mirror.completed_ts, mirror.declined_ts, mirror.decline_reason],
    );
  }

  async insertLink(
    manager: EntityManager,
    tokenHash: string,
    requestId: number,
    signerId: number | null,
    purpose: 'sign' | 'download',
  ): Promise<void> {
    await manager.query(`INSERT INTO esign.request_links (token_hash, esig_request_id, signer_id, purpose) VALUES ($1, $2, $3, $4)`, [
      tokenHash,
      requestId,
      signerId,
      purpose,
    ]);
  }

  async link(tokenHash: string, manager?: EntityManager): Promise<LinkRow | null> {
    const rows: LinkRow[] = await this.db(manager).query(
      `SELECT esig_request_id, signer_id, purpose, created_ts FROM esign.request_links WHERE token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** A resend mails a new link: the undelivered one goes. */
  async dropSignLinks(manager: EntityManager, signerId: number): Promise<void> {
    await manager.query(`DELETE FROM esign.request_links WHERE signer_id = $1 AND purpose = 'sign'`, [signerId]);
  }

  async insertMail(
    manager: EntityManager,
    mail: { mail_id: string; esig_request_id: number; signer_id: number | null; kind: string; recipient: string; attempt: number },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO esign.request_mails (mail_id, esig_request_id, signer_id, kind, recipient, attempt) VALUES ($1, $2, $3, $4, $5, $6)`,
      [mail.mail_id, mail.esig_request_id, mail.signer_id, mail.kind, mail.recipient, mail.attempt],
    );
  }

  /** The mail esign queued with that id, locked; null for a mail esign did not send. */
  async lockMail(manager: EntityManager, mailId: string): Promise<MailRow | null> {
    const rows: MailRow[] = await manager.query(
      `SELECT mail_id, esig_request_id, signer_id, kind, recipient, attempt, failed_ts, retry_due_ts, superseded FROM esign.request_mails WHERE mail_id = $1 FOR UPDATE`,
      [mailId],
    );
    return rows[0] ?? null;
  }

  async markMailFailed(manager: EntityManager, mailId: string, retryDueInMinutes: number | null): Promise<void> {
    await manager.query(
      `UPDATE esign.request_mails SET failed_ts = now(), retry_due_ts = CASE WHEN $2::int IS NULL THEN NULL ELSE now() + make_interval(mins => $2::int) END WHERE mail_id = $1`,
      [mailId, retryDueInMinutes],
    );
  }

  /** Failed invitations of the request whose resend is due (not yet resent). */
  async dueInvitationRetries(manager: EntityManager, requestId: number): Promise<MailRow[]> {
    return manager.query(
      `SELECT mail_id, esig_request_id, signer_id, kind, recipient, attempt, failed_ts, retry_due_ts, superseded FROM esign.request_mails
        WHERE esig_request_id = $1 AND kind = 'invitation' AND retry_due_ts IS NOT NULL AND retry_due_ts <= now() AND NOT superseded
        FOR UPDATE`,
      [requestId],
    );
  }

  async supersedeMail(manager: EntityManager, mailId: string): Promise<void> {
    await manager.query(`UPDATE esign.request_mails SET superseded = true WHERE mail_id = $1`, [mailId]);
  }

  /** Failed invitations still waiting for a resend (none left: the request may leave F). */
  async pendingFailedInvitations(manager: EntityManager, requestId: number): Promise<number> {
    const rows: { count: string }[] = await manager.query(
      `SELECT count(*) FROM esign.request_mails WHERE esig_request_id = $1 AND kind = 'invitation' AND failed_ts IS NOT NULL AND NOT superseded`,
      [requestId],
    );
    return Number(rows[0].count);
  }

  /** Appends an event; answers false when an event with the same external_id is already recorded for the request. */
  async appendAudit(manager: EntityManager, requestId: number, event: NewAuditEvent): Promise<boolean> {
    const result: unknown = await manager.query(
      `INSERT INTO esign.audit_events (esig_request_id, type, actor, email, ip, user_agent, detail, ts, external_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, clock_timestamp()), $9)
       ON CONFLICT (esig_request_id, external_id) WHERE external_id IS NOT NULL DO NOTHING
       RETURNING audit_event_id`,
      [
        requestId,
        event.type,
        event.actor,
        event.email ?? null,
        event.ip ?? null,
        event.user_agent ?? null,
        event.detail ?? null,
        event.ts ?? null,
        event.external_id ?? null,
      ],
    );
    return returnedRows(result).length > 0;
  }

  async audit(requestId: number, manager?: EntityManager): Promise<EsignAuditEvent[]> {
    return this.db(manager).query(
      `SELECT type, actor, email, ip, user_agent, detail, to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ts
         FROM esign.audit_events WHERE esig_request_id = $1 ORDER BY audit_event_id`,
      [requestId],
    );
  }

  /** Open requests after `afterId`, in id order, for the poller's pages. */
  async openRequestIds(afterId: number, limit: number): Promise<number[]> {
    const rows: Pick<Requests, 'esig_request_id'>[] = await this.dataSource.query(
      `SELECT esig_request_id FROM esign.requests WHERE status IN ('S','V','P','F') AND NOT archived AND esig_request_id > $1 ORDER BY esig_request_id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => row.esig_request_id);
  }

  async user(agentId: number, manager?: EntityManager): Promise<EsignUserRow | null> {
    const rows: EsignUserRow[] = await this.db(manager).query(
      `SELECT agent_id, team_id, first_name, last_name, email, status, roles FROM esign.users WHERE agent_id = $1`,
      [agentId],
    );
    return rows[0] ?? null;
  }

  /** The team's transaction from the read copy (deleted or another team's: null). */
  async transaction(teamId: number, clientId: number, manager?: EntityManager): Promise<EsignTransactionRow | null> {
    const rows: EsignTransactionRow[] = await this.db(manager).query(
      `SELECT client_id, team_id, type, address_1, address_2, city, state, postal_code, primary_agent_id FROM esign.transactions
        WHERE client_id = $1 AND team_id = $2 AND NOT deleted`,
      [clientId, teamId],
    );
    return rows[0] ?? null;
  }
}
