import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { USER_LIST_DEFAULTS, type AdminUserRow, type TableResponse } from '@app/contracts';
import { paginationOf } from '@app/database';
import { csvStream } from '@app/platform';
import { StorageService } from '@app/storage';
import { DOWNLOAD_URL_TTL_SECONDS } from '../profile/profile-image.service';
import { tableRowOf, USER_TABLE_COLS, type UserListRow } from './admin-user.mapper';
import { AdminUsersRepository, type UserListFilter } from './admin-users.repository';
import type { UserListFilterDto, UserListQueryDto } from './dto/admin-user-query.dto';
import { csvCells, csvHeaders } from './users-csv';

/** Rows fetched per query while writing the CSV: memory stays flat whatever the team's size. */
export const CSV_BATCH_SIZE = 500;

function isTimeZone(value: string | null): value is string {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The admin user list (GET /admin/users) and its CSV download. */
/** How long the CSV download may wait for a slow client between batches. */
const CSV_IDLE_TIMEOUT_SECONDS = 60;

@Injectable()
export class AdminUserListService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly repository: AdminUsersRepository,
    private readonly storage: StorageService,
  ) {}

  /** One page and its total in one statement. */
  async list(caller: AuthenticatedUser, query: UserListQueryDto): Promise<TableResponse<AdminUserRow>> {
    const filter = this.filterOf(caller, query);
    const page = query.page ?? USER_LIST_DEFAULTS.page;
    const perPage = query.per_page ?? USER_LIST_DEFAULTS.per_page;
    const { rows, total } = await this.repository.pageWithTotal(filter, perPage, (page - 1) * perPage);
    return {
      table: { data: await Promise.all(rows.map((row) => this.rowOf(row))), cols: [...USER_TABLE_COLS] },
      pagination: paginationOf(total, page, perPage),
    };
  }

  /**
   * Every matching row as CSV, in the table's order, written batch by batch. The batches are read in one
   * read-only REPEATABLE READ transaction: one snapshot, so a change during the download cannot skip or
   * repeat a row between batches. Dates are in the caller's own time zone (profile), else UTC.
   */
  async download(caller: AuthenticatedUser, query: UserListFilterDto): Promise<Readable> {
    const filter = this.filterOf(caller, query);
    const stored = await this.repository.timezoneOf(caller.agent_id);
    const timeZone = isTimeZone(stored) ? stored : 'UTC';
    return csvStream(csvHeaders(), this.csvRecords(filter, timeZone));
  }

  private async *csvRecords(filter: UserListFilter, timeZone: string): AsyncGenerator<string[]> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      await runner.query('SET TRANSACTION READ ONLY');
      // A client that stops reading must not hold the snapshot and a pooled connection for ever.
      await runner.query(`SET LOCAL idle_in_transaction_session_timeout = '${CSV_IDLE_TIMEOUT_SECONDS}s'`);
      for (let offset = 0; ; offset += CSV_BATCH_SIZE) {
        const rows = await this.repository.page(filter, CSV_BATCH_SIZE, offset, runner.manager);
        // Image URLs are not part of the CSV: no signing here.
        for (const row of rows) yield csvCells(tableRowOf(row, null), timeZone);
        if (rows.length < CSV_BATCH_SIZE) break;
      }
      await runner.commitTransaction();
    } finally {
      // Also when the client went away mid-download (the stream is destroyed and this generator returns).
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }

  private filterOf(caller: AuthenticatedUser, query: UserListFilterDto): UserListFilter {
    return {
      teamId: caller.team_id,
      statusFilter: query.status_filter ?? USER_LIST_DEFAULTS.status_filter,
      search: query.quick_search_filter ?? '',
      orderBy: query.order_by ?? USER_LIST_DEFAULTS.order_by,
      orderDir: query.order_dir ?? USER_LIST_DEFAULTS.order_dir,
    };
  }

  private async rowOf(row: UserListRow): Promise<AdminUserRow> {
    const url = row.profile_image_path ? await this.storage.createDownloadUrl(row.profile_image_path, DOWNLOAD_URL_TTL_SECONDS) : null;
    return tableRowOf(row, url);
  }
}
