import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EsignRequestStatus } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { RequestsRepository, type RequestRow } from './requests.repository';

/**
 * Where a request may go from each status. Moves only go forward: C, D and E are final; F (an invitation that
 * could not be delivered, or sealing that failed) goes back to the status it had once a resend succeeds.
 */
const NEXT: Record<EsignRequestStatus, readonly EsignRequestStatus[]> = {
  S: ['V', 'P', 'C', 'D', 'E', 'F'],
  V: ['P', 'C', 'D', 'E', 'F'],
  P: ['C', 'D', 'E', 'F'],
  F: ['S', 'V', 'P', 'C', 'D', 'E'],
  C: [],
  D: [],
  E: [],
};

export const mayMove = (from: EsignRequestStatus, to: EsignRequestStatus) => NEXT[from].includes(to);

/**
 * Every status change of a request: the row, one audit event and esign.request.status-changed through the outbox,
 * all in the caller's database transaction (the request locked by the caller). A move that is not forward, or to
 * the status it already has, writes nothing (a repeated job changes nothing twice).
 */
@Injectable()
export class RequestStatusWriter {
  constructor(
    private readonly requests: RequestsRepository,
    private readonly outbox: EventOutbox,
  ) {}

  async move(manager: EntityManager, request: RequestRow, to: EsignRequestStatus, actor = 'System'): Promise<boolean> {
    const from = request.status;
    if (!mayMove(from, to)) return false;
    const before = to === 'F' ? from : null;
    await this.requests.setStatus(manager, request.esig_request_id, to, before);
    request.status = to;
    request.status_before_failure = before;
    await this.record(manager, request, from, to, actor);
    return true;
  }

  /** The first status of a new request (from nothing to S). */
  async started(manager: EntityManager, request: RequestRow, actor: string): Promise<void> {
    await this.record(manager, request, null, request.status, actor);
  }

  private async record(
    manager: EntityManager,
    request: RequestRow,
    from: EsignRequestStatus | null,
    to: EsignRequestStatus,
    actor: string,
  ) {
    await this.requests.appendAudit(manager, request.esig_request_id, { type: 'status_changed', actor, detail: `${from ?? '-'} -> ${to}` });
    await this.outbox.publish(manager, 'esign.request.status-changed', request.team_id, {
      esig_request_id: request.esig_request_id,
      client_id: request.client_id,
      from_status: from,
      to_status: to,
      changed_ts: new Date().toISOString(),
    });
  }
}
