import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { TASK_MESSAGES, type RoadmapBulkRequest } from '@app/contracts';
import { TaskWriter } from '../tasks/task-writer';
import { TransactionAccessRepository } from '../transactions/transaction-access.repository';
import { scopeOf } from '../transactions/transaction-list.service';
import { RoadmapTemplatesRepository } from './roadmap-templates.repository';

@Injectable()
export class RoadmapsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly templates: RoadmapTemplatesRepository,
    private readonly transactions: TransactionAccessRepository,
    private readonly writer: TaskWriter,
  ) {}

  async list(caller: AuthenticatedUser, withSteps: boolean) {
    return { records: await this.templates.list(caller.team_id, withSteps) };
  }

  async one(caller: AuthenticatedUser, rtcId: number) {
    const template = await this.templates.one(caller.team_id, rtcId);
    if (!template) throw new NotFoundException({ status: 'error', message: TASK_MESSAGES.rtcNotFound });
    return template;
  }

  /** POST /transaction/rtc/bulk: every template on every transaction, in one database transaction. */
  assign(caller: AuthenticatedUser, body: RoadmapBulkRequest) {
    return this.dataSource.transaction(async (manager) => {
      await this.checkAll(manager, caller, body);
      const { assigned, skipped } = await this.writer.assignRoadmaps(manager, caller.team_id, body.client_ids, body.rtc_id);
      return { assigned, skipped };
    });
  }

  /** DELETE /transaction/rtc/bulk: unassigns them; open tasks go, done tasks stay off the roadmap. */
  unassign(caller: AuthenticatedUser, body: RoadmapBulkRequest) {
    return this.dataSource.transaction(async (manager) => {
      await this.checkAll(manager, caller, body);
      return this.writer.removeRoadmaps(manager, caller.team_id, body.client_ids, body.rtc_id);
    });
  }

  /** Every transaction must be one the caller may change, every template the team's: else 404 and nothing changes. */
  private async checkAll(manager: EntityManager, caller: AuthenticatedUser, body: RoadmapBulkRequest): Promise<void> {
    const clientIds = [...new Set(body.client_ids)].sort((a, b) => a - b);
    // Locked in id order, so two bulk calls over the same transactions wait rather than deadlock.
    const visible = await this.transactions.visibleMany(scopeOf(caller), clientIds, manager);
    if (visible.length !== clientIds.length) throw new NotFoundException({ status: 'error', message: 'Transaction not found' });
    if ((await this.templates.notOfTeam(caller.team_id, body.rtc_id, manager)).length) {
      throw new NotFoundException({ status: 'error', message: TASK_MESSAGES.rtcNotFound });
    }
  }
}
