import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { fullNameOf } from './request-mailer';
import { RequestStatusWriter } from './request-status';
import { RequestsRepository, type RequestRow, type SignerRow } from './requests.repository';

/** A signer of a request being sent, as RequestsService checked them. */
export interface SendingSigner {
  role: string;
  role_uuid: string;
  name: string;
  email: string;
  contact_id: number | null;
  order: number;
}

/**
 * What every engine records when it sends a request (in the caller's database transaction): the 'sent' audit event
 * by the sender, the first status (S) through RequestStatusWriter, and the signers (waiting; the engine invites them).
 */
@Injectable()
export class RequestSending {
  constructor(
    private readonly requests: RequestsRepository,
    private readonly status: RequestStatusWriter,
  ) {}

  async record(manager: EntityManager, request: RequestRow, signers: readonly SendingSigner[]): Promise<SignerRow[]> {
    const sender = await this.requests.user(request.created_by_agent_id, manager);
    await this.requests.appendAudit(manager, request.esig_request_id, {
      type: 'sent',
      actor: fullNameOf(sender),
      email: sender?.email ?? null,
      detail: request.title,
    });
    await this.status.started(manager, request, fullNameOf(sender));
    for (const signer of signers) {
      await this.requests.insertSigner(manager, request.esig_request_id, {
        role: signer.role,
        role_uuid: signer.role_uuid,
        name: signer.name,
        email: signer.email,
        contact_id: signer.contact_id,
        signing_order: request.signature_order === 'S' ? signer.order : 1,
      });
    }
    return this.requests.signers(request.esig_request_id, manager);
  }
}
