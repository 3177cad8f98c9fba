import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { DocumentsService } from './documents.service';

/**
 * An e-sign request is complete: its sealed PDF, handed off by esign, becomes one document of the transaction
 * (once per request, however often the event arrives). A hash mismatch is not caught: the event is retried.
 */
@Injectable()
export class AddSignedDocumentWhenEsignRequestCompleted {
  constructor(private readonly documents: DocumentsService) {}

  @HandleEvent('esign.request.completed')
  async onRequestCompleted(event: EventEnvelope<'esign.request.completed'>, manager: EntityManager) {
    await this.documents.addSigned(manager, event.payload);
  }
}
