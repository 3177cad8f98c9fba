import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { REASSIGN_MESSAGES as M, STAFF_ROLES, type ReassignCountResponse, type ReassignResponse } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { FieldErrorsException } from '@app/platform';
import { copyDefaultLines } from '../commission/commission-lines';
import { ReassignmentRepository } from './reassignment.repository';
import { TRANSACTION_ERRORS } from '../transactions/transactions.errors';
import type { ReassignDto } from './dto/reassignment.dto';

const USER_NOT_FOUND = { status: 'error', message: TRANSACTION_ERRORS.userNotFound } as const;

/**
 * Reassign transactions (spec 000 sections 2-4, 7): an ADMIN moves every transaction of one user of the
 * team, or only the active ones, to another, with the open tasks assigned to the first on them and the
 * commission lines of those not closed, in one database transaction.
 */
@Injectable()
export class ReassignmentService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly repository: ReassignmentRepository,
    private readonly outbox: EventOutbox,
  ) {}

  /** GET /transactions/reassign/count: another team's user 404. */
  async count(caller: AuthenticatedUser, fromAgentId: number): Promise<ReassignCountResponse> {
    if (!(await this.repository.user(caller.team_id, fromAgentId))) throw new NotFoundException(USER_NOT_FOUND);
    return this.repository.counts(caller.team_id, fromAgentId);
  }

  /** POST /transactions/reassign. */
  async reassign(caller: AuthenticatedUser, body: ReassignDto): Promise<ReassignResponse> {
    if (body.to_agent_id === body.from_agent_id) throw new FieldErrorsException([{ field: 'to_agent_id', error: M.sameAgent }]);
    const [from, to] = await Promise.all([
      this.repository.user(caller.team_id, body.from_agent_id),
      this.repository.user(caller.team_id, body.to_agent_id),
    ]);
    if (!from || !to) throw new NotFoundException(USER_NOT_FOUND);
    if (!to.roles.some((role) => STAFF_ROLES.includes(role as never)))
      throw new FieldErrorsException([{ field: 'to_agent_id', error: M.notAnAgent }]);
    const moved = await this.dataSource.transaction(async (manager) => {
      const transactions = await this.repository.moveTransactions(
        manager,
        caller.team_id,
        from.agent_id,
        to.agent_id,
        body.type,
        caller.agent_id,
      );
      const clientIds = transactions.map((t) => t.client_id);
      const taskIds = await this.repository.moveOpenTasks(manager, clientIds, from.agent_id, to.agent_id);
      // A closed transaction's lines never change; the others become copies of the new agent's defaults.
      await copyDefaultLines(
        manager,
        transactions.filter((t) => !t.closed).map((t) => t.client_id),
      );
      await this.outbox.publishEach(
        manager,
        'transactions.transaction.updated',
        `SELECT team_id, payload FROM transactions.transaction_snapshots WHERE client_id = ANY($1::int[])`,
        [clientIds],
      );
      await this.outbox.publishEach(
        manager,
        'transactions.task.updated',
        `SELECT team_id, payload FROM transactions.task_snapshots WHERE task_id = ANY($1::int[])`,
        [taskIds],
      );
      return clientIds.length;
    });
    return { reassigned_count: moved };
  }
}
