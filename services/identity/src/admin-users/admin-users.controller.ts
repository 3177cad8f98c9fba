import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_ROLES } from '@app/contracts';
import { AdminUserListService } from './admin-user-list.service';
import { UserListQueryDto } from './dto/admin-user-query.dto';
import { LicencesService } from './licences.service';
import { ApiAnswer, ApiErrors, ApiFileAnswer } from '@app/platform';
import { ADMIN_USERS_SCHEMA, LICENCES_SCHEMA } from '../identity.openapi';

@ApiTags('user administration')
@ApiBearerAuth()
@Roles(...ADMIN_ROLES)
@ApiErrors(401, 403)
@Controller('admin')
export class AdminUsersController {
  constructor(
    private readonly list: AdminUserListService,
    private readonly licences: LicencesService,
  ) {}

  @Get('users')
  @ApiOperation({
    summary: "The team's users (no CLIENT logins): {table: {data, cols}, pagination}",
    description:
      'per_page 10, 20, 60 or 100; order_by roles (ADMIN > TRANC > ISISA > AGENT > VENDOR, then last and first name), agent_full_name, mobile_phone, ' +
      'created_ts, last_access_ts, status, excluded, download, client_count; order_dir 1 or -1; status_filter all, active (default), disabled, excluded; ' +
      'quick_search_filter matches first, last or full name, email or mobile phone. profile_image_path is a signed, expiring URL of the image.',
  })
  @ApiAnswer(200, ADMIN_USERS_SCHEMA)
  @ApiErrors(400)
  users(@CurrentUser() caller: AuthenticatedUser, @Query() query: UserListQueryDto) {
    return this.list.list(caller, query);
  }

  @Get('users/download')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'The user table as CSV (users.csv): every matching row, same filter and order, no image column',
    description:
      "Dates MM/DD/YYYY in the caller's profile time zone (UTC without one); booleans Yes/No; cells that start with = + - @ get a leading '.",
  })
  @ApiFileAnswer('text/csv', 'users.csv: every matching row')
  @ApiErrors(400)
  async download(@CurrentUser() caller: AuthenticatedUser, @Query() query: UserListQueryDto) {
    return new StreamableFile(await this.list.download(caller, query), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="users.csv"',
    });
  }

  @Get('licenses')
  @ApiOperation({
    summary: 'User licences and e-sign seats: {total, used, remaining, esign_total, esign_used, esign_remaining}',
    description:
      'used: active team members (not CLIENT logins); esign_used: those with esign_enabled. A total of 0 means no limit; remaining is total - used.',
  })
  @ApiAnswer(200, LICENCES_SCHEMA)
  @ApiErrors(404)
  licenceCounts(@CurrentUser() caller: AuthenticatedUser) {
    return this.licences.counts(caller);
  }
}
