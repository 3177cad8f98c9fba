import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventOutbox } from '@app/events';
import { StorageService } from '@app/storage';
import { RequestMailer } from './request-mailer';
import { RequestStatusWriter } from './request-status';
import { RequestsRepository, type RequestRow, type SignerRow } from './requests.repository';

/** The signed document's name: the request's title, '(signed)'. */
export const signedFilenameOf = (title: string) => `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Document'} (signed).pdf`;

/** The signed document of a completed request, already in esign's storage. */
export interface CompletedFile {
  key: string;
  sha256: string;
  filename: string;
  /** SHA-256 of the signed content (the own engine: the stamped PDF before its signature; a provider's file: the file's). */
  contentSha256: string;
}

/**
 * The last step of every completed request, whichever engine signed it: in the caller's database transaction (the
 * request locked and still open), the signed document becomes the request's, one audit event records it, the request
 * becomes C through RequestStatusWriter, esign.request.completed goes to the outbox with the file handoff
 * {namespace, key, sha256, filename, content_type} that transactions copies from, and the completion mails are
 * queued (the sender's, and `signers`'). Answers false, writing nothing, when the request is no longer open or
 * already has its document (a repeated job).
 */
@Injectable()
export class RequestCompletion {
  constructor(
    private readonly requests: RequestsRepository,
    private readonly status: RequestStatusWriter,
    private readonly mailer: RequestMailer,
    private readonly outbox: EventOutbox,
    private readonly storage: StorageService,
  ) {}

  async complete(
    manager: EntityManager,
    locked: RequestRow,
    file: CompletedFile,
    options: { auditDetail: string; mailSigners: readonly SignerRow[] },
  ): Promise<boolean> {
    if (locked.archived || locked.final_key || !['S', 'V', 'P', 'F'].includes(locked.status)) return false;
    await this.requests.setFinal(manager, locked.esig_request_id, file);
    locked.final_key = file.key;
    locked.final_sha256 = file.sha256;
    locked.final_filename = file.filename;
    await this.requests.appendAudit(manager, locked.esig_request_id, { type: 'sealed', actor: 'System', detail: options.auditDetail });
    await this.status.move(manager, locked, 'C');
    await this.outbox.publish(manager, 'esign.request.completed', locked.team_id, {
      esig_request_id: locked.esig_request_id,
      client_id: locked.client_id,
      created_by_agent_id: locked.created_by_agent_id,
      file: {
        namespace: this.storage.namespace,
        key: file.key,
        sha256: file.sha256,
        filename: file.filename,
        content_type: 'application/pdf',
      },
      storage_paths: { default_document_type: locked.default_document_type, default_storage_path: locked.default_storage_path },
    });
    await this.mailer.completed(manager, locked, options.mailSigners, await this.requests.user(locked.created_by_agent_id, manager));
    return true;
  }
}
