import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import {
  DOCUMENT_DOWNLOAD_URL_TTL_SECONDS,
  ESIGN_DRAFT_MESSAGES as D,
  ESIGN_MESSAGES,
  type CreateEsignDraftRequest,
  type EsignDraft,
  type EsignDraftSaved,
  type EsignSendField,
  type EsignTemplateSchema,
} from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { RpcClient } from '@app/rpc';
import { StorageService } from '@app/storage';
import { RequestTemplatesReader } from '../requests/request-schema';
import { RequestsRepository } from '../requests/requests.repository';
import { checkTemplateSchema } from '../templates/template-schema.validator';
import { draftRolesOf, mappedPairsOf, pairKey, sendFieldsOf, type MappedPair } from './draft-fields';
import { checkFormState } from './draft-form-state';
import type { SaveEsignDraftSchemaDto } from './dto/drafts.dto';
import { DraftsRepository, type DraftRow } from './drafts.repository';

const draftNotFound = () => new NotFoundException({ status: 'error', message: D.draftNotFound });

/**
 * Send drafts (spec 002 section 2.2): what the stepper builds before sending. A draft is its creator's alone (anyone else, another
 * team included, gets 404); it is made on a transaction of the caller's team (esign's read copy) from templates or a
 * packet of the team, keeps its own copy of the merged schema, and its step 1 fields carry the transaction's values
 * asked of transactions over RPC (3 s; no answer: 503 'Transaction data is unavailable. Please try again.').
 * Sending marks the draft sent (RequestsService, in the request's transaction): from then on it answers 404 here and
 * 409 to another send, and the worker deletes it a day later (RemoveOldDraftsJob, with drafts left unsent too long).
 */
@Injectable()
export class DraftsService {
  constructor(
    private readonly drafts: DraftsRepository,
    private readonly requests: RequestsRepository,
    private readonly reader: RequestTemplatesReader,
    private readonly storage: StorageService,
    private readonly rpc: RpcClient,
  ) {}

  /** POST /esign/drafts {client_id, template_ids | packet_id} (their kinds checked by EsignTemplateSourceDto). */
  async create(caller: AuthenticatedUser, body: CreateEsignDraftRequest): Promise<EsignDraft> {
    const transaction = await this.requests.transaction(caller.team_id, body.client_id);
    if (!transaction) throw new NotFoundException({ status: 'error', message: 'Transaction not found' });
    const source = await this.reader.sourceOf(caller.team_id, body);
    const fields = await this.fieldsOf(caller, transaction.client_id, source.schema, []);
    const draft = await this.drafts.insert({
      team_id: caller.team_id,
      agent_id: caller.agent_id,
      client_id: transaction.client_id,
      template_ids: source.templates.map((template) => template.esig_template_id),
      packet_id: source.packetId,
      title: source.title,
      schema: source.schema,
      documents: source.documents,
      fields,
    });
    return this.answer(draft);
  }

  /** GET /esign/drafts/{id}. */
  async one(caller: AuthenticatedUser, draftId: string): Promise<EsignDraft> {
    return this.answer(await this.own(caller, draftId));
  }

  /** PUT /esign/drafts/{id}: the stepper's form state (autosave). */
  async saveFormState(caller: AuthenticatedUser, draftId: string, body: unknown): Promise<EsignDraftSaved> {
    await this.own(caller, draftId);
    const checked = checkFormState(body);
    if (!checked.state) throw new FieldErrorsException(checked.errors);
    const updated = await this.drafts.saveFormState(caller.team_id, caller.agent_id, draftId, checked.state);
    if (!updated) throw draftNotFound();
    return { draft_id: draftId, updated_ts: updated.toISOString() };
  }

  /**
   * PUT /esign/drafts/{id}/schema: step 2's builder edits of this draft's schema copy only (the templates stay as they
   * are), checked like a template's schema against the draft's documents, which keep their order. The step 1 fields
   * are built again; transaction values already read are kept and only newly mapped fields are asked for.
   */
  async saveSchema(caller: AuthenticatedUser, draftId: string, body: SaveEsignDraftSchemaDto): Promise<EsignDraft> {
    const draft = await this.own(caller, draftId);
    const checked = checkTemplateSchema(body, draft.schema.documents);
    if (!checked.schema) throw new FieldErrorsException(checked.errors);
    const sameOrder = checked.schema.documents.every((document, index) => document.id === draft.schema.documents[index].id);
    if (!sameOrder) throw new FieldErrorsException([{ field: 'documents', error: ESIGN_MESSAGES.documentsMismatch }]);
    const fields = await this.fieldsOf(caller, draft.client_id, checked.schema, draft.fields);
    const saved = await this.drafts.saveSchema(caller.team_id, caller.agent_id, draftId, checked.schema, fields);
    if (!saved) throw draftNotFound();
    return this.answer(saved);
  }

  /** The caller's draft still being prepared: a sent one is no longer a draft (404, as once it is deleted a day later). */
  private async own(caller: AuthenticatedUser, draftId: string): Promise<DraftRow> {
    const draft = await this.drafts.own(caller.team_id, caller.agent_id, draftId);
    if (!draft || draft.sent_ts) throw draftNotFound();
    return draft;
  }

  /** The step 1 fields of a schema; the transaction's values of mapped fields not in `known` are asked over RPC. */
  private async fieldsOf(
    caller: AuthenticatedUser,
    clientId: number,
    schema: EsignTemplateSchema,
    known: readonly EsignSendField[],
  ): Promise<EsignSendField[]> {
    const values = new Map<string, unknown>();
    for (const field of known) {
      if (field.mapped_entity && field.mapped_field) values.set(pairKey(field as MappedPair), field.transaction_value);
    }
    const asked = mappedPairsOf(schema).filter((pair) => !values.has(pairKey(pair)));
    if (asked.length > 0) {
      // 3 s (RPC_TIMEOUT_MS) at most; no answer: 503 'Transaction data is unavailable. Please try again.'
      const reply = await this.rpc.send('transactions.esign.field-values', { team_id: caller.team_id, client_id: clientId, fields: asked });
      for (const pair of asked) values.set(pairKey(pair), null);
      for (const entry of reply) values.set(pairKey(entry), entry.value ?? null);
    }
    return sendFieldsOf(schema, values);
  }

  private async answer(draft: DraftRow): Promise<EsignDraft> {
    const byId = new Map(draft.documents.map((document) => [document.id, document]));
    const files = await Promise.all(
      draft.schema.documents.map(async (entry) => {
        const stored = byId.get(entry.id)!;
        const url = await this.storage.createDownloadUrl(stored.storage_key, {
          expiresInSeconds: DOCUMENT_DOWNLOAD_URL_TTL_SECONDS,
          filename: `${stored.name.replace(/\.pdf$/i, '')}.pdf`,
          disposition: 'inline',
          contentType: 'application/pdf',
        });
        return { id: entry.id, name: entry.name, pages: entry.pages, url, page_sizes: stored.page_sizes };
      }),
    );
    return {
      draft_id: draft.draft_id,
      client_id: draft.client_id,
      template_ids: draft.template_ids,
      packet_id: draft.packet_id,
      title: draft.title,
      fields: draft.fields,
      roles: draftRolesOf(draft.schema),
      schema: draft.schema,
      files,
      form_state: draft.form_state,
      updated_ts: new Date(draft.updated_ts).toISOString(),
    };
  }
}
