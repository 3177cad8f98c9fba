import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { VendorsRepository } from './vendors.repository';

/**
 * identity.vendor.enrolled -> the team's vendor options (transactions.vendors). The VENDOR user itself
 * reaches the agents read copy through identity.user.created (UpdateAgentsWhenUserChanges).
 */
@Injectable()
export class UpdateVendorOptionsWhenVendorEnrolled {
  constructor(private readonly vendors: VendorsRepository) {}

  @HandleEvent('identity.vendor.enrolled')
  async onEnrolled(event: EventEnvelope<'identity.vendor.enrolled'>, manager: EntityManager) {
    await this.vendors.upsert(event.payload, event.occurred_at, manager);
  }
}
