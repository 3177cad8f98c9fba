import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import {
  ESIGN_BOARD_MESSAGES,
  ESIGN_BOARD_PER_PAGE,
  type EsignBoardResponse,
  type EsignRequestUsers,
  type FieldError,
} from '@app/contracts';
import { fromSlashedUsDate } from '@app/dates';
import { FieldErrorsException } from '@app/platform';
import { BoardRepository, type BoardFilters, type BoardViewer } from './board.repository';
import type { EsignBoardQueryDto } from './dto/board.dto';

/** ADMIN and TRANC see every request of the team; other staff what they sent or what is on their transactions. */
function viewerOf(caller: AuthenticatedUser): BoardViewer {
  return { team_id: caller.team_id, agent_id: caller.agent_id, sees_all: caller.roles.includes('ADMIN') || caller.roles.includes('TRANC') };
}

/**
 * The request board (spec 002 sections 2.5 and 7): the caller's team and permissions are checked by the
 * controller's guards; here what the caller may see, and the filters, sorting and paging, all done in SQL.
 */
@Injectable()
export class BoardService {
  constructor(private readonly board: BoardRepository) {}

  async list(caller: AuthenticatedUser, query: EsignBoardQueryDto): Promise<EsignBoardResponse> {
    const filters = this.filtersOf(query);
    const viewer = viewerOf(caller);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? ESIGN_BOARD_PER_PAGE;
    const [{ rows, total }, totals] = await Promise.all([
      this.board.page(viewer, filters, { orderBy: query.order_by ?? 'created_ts', orderDir: query.order_dir ?? 'desc', page, perPage }),
      query.include_status_totals ? this.board.statusTotals(viewer, filters) : undefined,
    ]);
    return {
      esignature_requests: rows,
      ...(totals ? { status_totals: totals } : {}),
      pagination: {
        page,
        per_page: perPage,
        totalRecords: total,
        // The filters as applied (defaults included), so the console can tell what the rows answer.
        filters: {
          quick_search_filter: filters.search ?? null,
          allowed_statuses: filters.statuses,
          created_by_agent_ids: filters.creators,
          created_start_dt: query.created_start_dt ?? null,
          created_end_dt: query.created_end_dt ?? null,
          completed_start_dt: query.completed_start_dt ?? null,
          completed_end_dt: query.completed_end_dt ?? null,
          time_zone: filters.timeZone,
          client_id: filters.clientId ?? null,
          order_by: query.order_by ?? 'created_ts',
          order_dir: query.order_dir ?? 'desc',
        },
      },
    };
  }

  /** GET /esign/request-users: the user filter's groups, only the creators the caller may see. */
  async requestUsers(caller: AuthenticatedUser): Promise<EsignRequestUsers> {
    const users = await this.board.requestUsers(viewerOf(caller));
    const group = (active: boolean) =>
      users.filter((user) => user.active === active).map(({ agent_id, first_name, last_name }) => ({ agent_id, first_name, last_name }));
    return {
      groups: [
        { label: 'Active Users', users: group(true) },
        { label: 'Disabled Users', users: group(false) },
      ],
    };
  }

  /** The DTO checked each date's shape; here each range's order (400 on the end date). */
  private filtersOf(query: EsignBoardQueryDto): BoardFilters {
    const errors: FieldError[] = [];
    const range = (startKey: 'created_start_dt' | 'completed_start_dt', endKey: 'created_end_dt' | 'completed_end_dt') => {
      const start = query[startKey] ? (fromSlashedUsDate(query[startKey]) ?? undefined) : undefined;
      const end = query[endKey] ? (fromSlashedUsDate(query[endKey]) ?? undefined) : undefined;
      if (start && end && end < start) errors.push({ field: endKey, error: ESIGN_BOARD_MESSAGES.endBeforeStart });
      return start || end ? { start, end } : undefined;
    };
    const created = range('created_start_dt', 'created_end_dt');
    const completed = range('completed_start_dt', 'completed_end_dt');
    if (errors.length) throw new FieldErrorsException(errors);
    return {
      search: query.quick_search_filter,
      statuses: [...new Set(query.allowed_statuses ?? [])],
      creators: [...new Set(query.created_by_agent_ids ?? [])],
      created,
      completed,
      timeZone: query.time_zone ?? 'UTC',
      clientId: query.client_id,
    };
  }
}
