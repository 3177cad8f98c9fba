import { paginationOf } from '@app/database';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  ESIGN_MESSAGES as M,
  ESIGN_NAME_MAX_LENGTH,
  ESIGN_PACKET_MAX_TEMPLATES,
  ESIGN_TEMPLATES_PER_PAGE,
  type EsignPacketBlueprint,
  type EsignPacketListResponse,
  type FieldError,
} from '@app/contracts';
import { FieldErrorsException, MAX_DATABASE_ID } from '@app/platform';
import type { PacketListQueryDto } from './dto/packets.dto';
import { PacketsRepository, type PacketValues } from './packets.repository';

type Body = Record<string, unknown>;
const notFound = () => new NotFoundException({ status: 'error', message: M.packetNotFound });
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DATABASE_ID;

@Injectable()
export class PacketsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly packets: PacketsRepository,
  ) {}

  /** GET /esign/packets: the team's packet blueprints of a status, each with its templates in order. */
  async list(caller: AuthenticatedUser, query: PacketListQueryDto): Promise<EsignPacketListResponse> {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? ESIGN_TEMPLATES_PER_PAGE;
    const { records, total } = await this.packets.list(caller.team_id, {
      status: query.status ?? 'N',
      page,
      perPage,
      orderBy: query.order_by ?? 'name',
      orderDir: query.order_dir ?? 'asc',
      search: query.quick_search_filter,
    });
    return { records, pagination: paginationOf(total, page, perPage) };
  }

  /** POST /esign/packets {name, type_id, templates: [ids in order]}. */
  async create(caller: AuthenticatedUser, body: Body): Promise<EsignPacketBlueprint> {
    const id = await this.dataSource.transaction(async (manager) => {
      const values = await this.check(caller, body, null, manager);
      return this.packets.insert(manager, caller.team_id, caller.agent_id, values);
    });
    return (await this.packets.one(caller.team_id, id))!;
  }

  /** PATCH /esign/packets/{id}: the keys sent change (templates replaces the whole ordered list). */
  async update(caller: AuthenticatedUser, packetId: number, body: Body): Promise<EsignPacketBlueprint> {
    const current = await this.packets.one(caller.team_id, packetId);
    if (!current) throw notFound();
    await this.dataSource.transaction(async (manager) => {
      await this.packets.lock(manager, packetId);
      const values = await this.check(caller, body, current, manager);
      await this.packets.update(manager, packetId, values);
    });
    return (await this.packets.one(caller.team_id, packetId))!;
  }

  /** DELETE /esign/packets/{id}: status D. */
  async remove(caller: AuthenticatedUser, packetId: number): Promise<{ esig_packet_blueprint_id: number; status: 'D' }> {
    const removed = await this.dataSource.transaction((manager) => this.packets.markDeleted(manager, caller.team_id, packetId));
    if (!removed) throw notFound();
    return { esig_packet_blueprint_id: packetId, status: 'D' };
  }

  /** The packet's values (a PATCH keeps what it does not send): name required, type All/Buyer/Seller, templates of the team, each once. */
  private async check(
    caller: AuthenticatedUser,
    body: Body,
    current: EsignPacketBlueprint | null,
    manager: Parameters<PacketsRepository['insert']>[0],
  ): Promise<PacketValues> {
    const errors: FieldError[] = [];
    let name = current?.name ?? '';
    if (!current || body.name !== undefined) {
      if (body.name === undefined || body.name === null || (typeof body.name === 'string' && body.name.trim() === ''))
        errors.push({ field: 'name', error: M.required });
      else if (typeof body.name !== 'string' || body.name.trim().length > ESIGN_NAME_MAX_LENGTH)
        errors.push({ field: 'name', error: M.nameTooLong });
      else name = body.name.trim();
    }
    let typeId = current?.type_id ?? null;
    if (body.type_id !== undefined) {
      if (body.type_id === null || body.type_id === '') typeId = null;
      else if (body.type_id === 'b' || body.type_id === 's') typeId = body.type_id;
      else errors.push({ field: 'type_id', error: M.invalidTransactionType });
    }
    let templates = current?.templates.map((t) => t.esig_template_id) ?? [];
    if (!current || body.templates !== undefined) {
      const list = body.templates;
      if (!Array.isArray(list) || list.length === 0)
        errors.push({
          field: 'templates',
          error: list === undefined || list === null || Array.isArray(list) ? M.packetTemplatesRequired : M.packetTemplateNotFound,
        });
      else if (list.length > ESIGN_PACKET_MAX_TEMPLATES) errors.push({ field: 'templates', error: M.packetTooManyTemplates });
      else if (!list.every(isId)) errors.push({ field: 'templates', error: M.packetTemplateNotFound });
      else if (new Set(list).size !== list.length) errors.push({ field: 'templates', error: M.packetTemplatesDuplicate });
      else {
        const found = await this.packets.activeTemplateIds(manager, caller.team_id, list);
        if (list.some((id) => !found.has(id))) errors.push({ field: 'templates', error: M.packetTemplateNotFound });
        else templates = list;
      }
    }
    if (errors.length) throw new FieldErrorsException(errors);
    return { name, type_id: typeId, templates };
  }
}
