import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  CAP_LABELS,
  CAP_TEAM_ROLES,
  COMMISSION_MESSAGES as M,
  type CapsResponse,
  type CommissionTemplate,
  type CommissionTemplatesResponse,
} from '@app/contracts';
import { SERVICE_CONFIG } from '@app/platform';
import type { TransactionsConfig } from '../transactions.config';
import { TRANSACTION_ERRORS } from '../transactions/transactions.errors';
import { CommissionRepository, type CapSums } from './commission.repository';
import type { CommissionTemplateDto, UpdateCommissionTemplateDto } from './dto/commission.dto';

const USER_NOT_FOUND = TRANSACTION_ERRORS.userNotFound;
const cents = (value: number) => Math.round(value * 100) / 100;

/** A cap card line from its sums: ytd never more than the cap, pending at most what is left of it. */
export function capRecordOf(sums: CapSums) {
  const cap = cents(sums.cap);
  const ytd = cents(Math.min(sums.closed_sum, cap));
  const pending = cents(Math.max(0, Math.min(sums.pending_sum, cap - ytd)));
  return { kind: sums.kind, ...CAP_LABELS[sums.kind], cap, ytd, pct: cap > 0 ? Math.round((ytd / cap) * 100) : 0, pending };
}

/**
 * Commission templates (spec 000 sections 3, 6, 7): the team's lines taken from a gross commission; ADMIN
 * manages them, every change publishes the team's whole list. And the commission cap card's figures.
 */
@Injectable()
export class CommissionService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly repository: CommissionRepository,
    @Inject(SERVICE_CONFIG) private readonly config: Pick<TransactionsConfig, 'SHOW_DEFAULT_COMMISSION_TEMPLATES'>,
  ) {}

  /** GET /commission/templates. */
  async templates(caller: AuthenticatedUser): Promise<CommissionTemplatesResponse> {
    const all = await this.repository.templates(caller.team_id);
    return {
      buyer: all.filter((t) => t.client_type_id === 'b'),
      seller: all.filter((t) => t.client_type_id === 's'),
      show_default_templates: this.config.SHOW_DEFAULT_COMMISSION_TEMPLATES === 'true',
    };
  }

  /** POST /commission/templates (ADMIN). */
  async create(caller: AuthenticatedUser, body: CommissionTemplateDto): Promise<CommissionTemplate> {
    const template = {
      name: body.name,
      client_type_id: body.client_type_id,
      cap_kind: body.cap_kind ?? null,
      pct: body.pct ?? 0,
      flat_amt: body.flat_amt ?? 0,
    };
    const id = await this.dataSource.transaction(async (manager) => {
      const created = await this.repository.insert(manager, caller.team_id, template);
      await this.repository.publishList(manager, caller.team_id);
      return created;
    });
    return { commission_template_id: id, ...template };
  }

  /** PATCH /commission/templates/{id} (ADMIN): the given fields. Transactions keep the lines they copied. */
  async update(caller: AuthenticatedUser, id: number, body: UpdateCommissionTemplateDto): Promise<CommissionTemplate> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.repository.template(caller.team_id, id, manager);
      if (!current) throw new NotFoundException({ status: 'error', message: M.notFound });
      const { commission_template_id: _id, ...fields } = current;
      const next = { ...fields, ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) } as Omit<
        CommissionTemplate,
        'commission_template_id'
      >;
      await this.repository.update(manager, id, next);
      await this.repository.publishList(manager, caller.team_id);
      return { commission_template_id: id, ...next };
    });
  }

  /** DELETE /commission/templates/{id} (ADMIN): the transactions that copied it keep their lines. */
  async remove(caller: AuthenticatedUser, id: number): Promise<{ status: 'success'; message: string }> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.repository.template(caller.team_id, id, manager)))
        throw new NotFoundException({ status: 'error', message: M.notFound });
      await this.repository.delete(manager, id);
      await this.repository.publishList(manager, caller.team_id);
    });
    return { status: 'success', message: M.removed };
  }

  /**
   * GET /caps: the caller's own, or (ADMIN, TRANC) any user of the team. Another agent for anyone else,
   * or a user of another team: 404. Computed at read, so a closing shows on the next read.
   */
  async caps(caller: AuthenticatedUser, agentId: number | undefined): Promise<CapsResponse> {
    const id = agentId ?? caller.agent_id;
    const teamWide = caller.roles.some((role) => CAP_TEAM_ROLES.includes(role));
    if (id !== caller.agent_id && !teamWide) throw new NotFoundException({ status: 'error', message: USER_NOT_FOUND });
    const read = await this.repository.caps(caller.team_id, id);
    if (!read) throw new NotFoundException({ status: 'error', message: USER_NOT_FOUND });
    return {
      records: read.sums.map(capRecordOf),
      brokerage_cap_anniversary_dt: read.brokerage_cap_anniversary_dt,
      royalty_cap_anniversary_dt: read.royalty_cap_anniversary_dt,
    };
  }
}
