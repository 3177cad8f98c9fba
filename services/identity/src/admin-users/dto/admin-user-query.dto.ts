import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsDatabaseId, IsQueryId, MAX_PAGE, numberOrRaw } from '@app/platform';
import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES,
  USER_LIST_PAGE_SIZES,
  USER_STATUS_FILTERS,
  type AdminSetPasswordRequest,
  type AgentIdRequest,
  type SendUserEmailRequest,
  type UserStatusFilter,
} from '@app/contracts';
import { ADMIN_USER_ERRORS } from '../admin-users.errors';

/** order_by of GET /admin/users and its download (the sortable columns; roles is the default). */
export const USER_LIST_ORDER_BY = [
  'roles',
  'agent_full_name',
  'mobile_phone',
  'created_ts',
  'last_access_ts',
  'status',
  'excluded',
  'download',
  'client_count',
] as const;
export type UserListOrderBy = (typeof USER_LIST_ORDER_BY)[number];

// Query strings: an empty parameter (order_by=) means the default.
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const REQUIRED = { message: ADMIN_MESSAGES.required };

/** Filter and order of the user table (the CSV takes the same). */
export class UserListFilterDto {
  @ApiPropertyOptional({ enum: USER_LIST_ORDER_BY, default: 'roles' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(USER_LIST_ORDER_BY, { message: ADMIN_USER_ERRORS.orderBy })
  order_by?: UserListOrderBy;

  @ApiPropertyOptional({ enum: [1, -1], default: -1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn([1, -1], { message: ADMIN_USER_ERRORS.orderDir })
  order_dir?: 1 | -1;

  @ApiPropertyOptional({ description: 'First name, last name, full name, email or mobile phone (contains, any case)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  quick_search_filter?: string;

  @ApiPropertyOptional({ enum: USER_STATUS_FILTERS, default: 'active' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(USER_STATUS_FILTERS, { message: ADMIN_USER_ERRORS.statusFilter })
  status_filter?: UserStatusFilter;
}

/** page and per_page of the user table and the history (page sizes 10, 20, 60, 100). */
export class UserPageQueryDto {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: ADMIN_USER_ERRORS.page })
  @Min(1, { message: ADMIN_USER_ERRORS.page })
  @Max(MAX_PAGE, { message: ADMIN_USER_ERRORS.page })
  page?: number;

  @ApiPropertyOptional({ enum: USER_LIST_PAGE_SIZES, default: 20 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn(USER_LIST_PAGE_SIZES, { message: ADMIN_USER_ERRORS.perPage })
  per_page?: number;
}

/** GET /admin/users (the download accepts and ignores page and per_page). */
export class UserListQueryDto extends IntersectionType(UserListFilterDto, UserPageQueryDto) {}

/** ?agent_id=N: a user of the caller's team (another team's id answers 404). */
export class AgentIdQueryDto {
  @ApiProperty()
  @IsQueryId({ message: ADMIN_USER_ERRORS.userId })
  @IsDefined(REQUIRED)
  agent_id: number;
}

/** {agent_id} in a body. */
export class AgentIdBodyDto implements AgentIdRequest {
  @ApiProperty({ description: 'A JSON integer: a string or a boolean is refused' })
  @IsDatabaseId({ message: ADMIN_USER_ERRORS.userId })
  @IsDefined(REQUIRED)
  agent_id: number;
}

/** GET /admin/user/history. */
export class UserHistoryQueryDto extends IntersectionType(AgentIdQueryDto, UserPageQueryDto) {}

/** PATCH /admin/user/password: the section 5 rules are checked by password-rules.ts. */
export class AdminSetPasswordDto extends AgentIdBodyDto implements AdminSetPasswordRequest {
  @ApiProperty()
  @IsOptional()
  @IsString({ message: ACCOUNT_MESSAGES.fieldRequired })
  new_password: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: ACCOUNT_MESSAGES.fieldRequired })
  confirm_new_password: string;
}

export const USER_EMAIL_TYPES = ['welcome', 'reset'] as const satisfies readonly SendUserEmailRequest['type'][];

/** POST /admin/user/email. */
export class SendUserEmailDto extends AgentIdBodyDto implements SendUserEmailRequest {
  @ApiProperty({ enum: USER_EMAIL_TYPES })
  @IsIn(USER_EMAIL_TYPES, { message: ADMIN_USER_ERRORS.emailType })
  @IsDefined(REQUIRED)
  type: (typeof USER_EMAIL_TYPES)[number];
}
