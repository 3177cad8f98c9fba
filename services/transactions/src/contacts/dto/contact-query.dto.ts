import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  CONTACT_DEFAULT_PAGE_SIZE,
  CONTACT_SORT_FIELDS,
  CONTACT_STATUS_FILTERS,
  type ContactSortField,
  type ContactStatusFilter,
} from '@app/contracts';
import { IsDatabaseId, MAX_DATABASE_ID, MAX_PAGE } from '@app/platform';
import { numberOrRaw } from '../../transactions/dto/transaction-list-query.dto';
import { CONTACT_ERRORS } from '../contacts.errors';

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** The filters of GET /contacts (the list and its CSV). */
export class ContactFilterDto {
  @ApiPropertyOptional({ description: 'Names, email, phone digits, address' })
  @IsOptional()
  @IsString({ message: CONTACT_ERRORS.quickSearch })
  @MaxLength(100, { message: CONTACT_ERRORS.quickSearch })
  quick_search_filter?: string;

  @ApiPropertyOptional({ enum: CONTACT_STATUS_FILTERS, default: 'active' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(CONTACT_STATUS_FILTERS, { message: CONTACT_ERRORS.statusFilter })
  status_filter?: ContactStatusFilter;

  @ApiPropertyOptional({ description: "The contacts of one of the team's users" })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsDatabaseId({ message: CONTACT_ERRORS.agentId })
  agent_id?: number;

  @ApiPropertyOptional({ description: 'The contacts of one lead source (lead type)' })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsDatabaseId({ message: CONTACT_ERRORS.leadTypeId })
  lead_type_id?: number;
}

/** GET /contacts. */
export class ContactListQueryDto extends ContactFilterDto {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: CONTACT_ERRORS.page })
  @Min(1, { message: CONTACT_ERRORS.page })
  @Max(MAX_PAGE, { message: CONTACT_ERRORS.page })
  page?: number;

  @ApiPropertyOptional({
    default: CONTACT_DEFAULT_PAGE_SIZE,
    description: '1 to 10,000; with format=csv any number from 1 (absent: every row)',
  })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: CONTACT_ERRORS.perPage })
  @Min(1, { message: CONTACT_ERRORS.perPage })
  @Max(MAX_DATABASE_ID, { message: CONTACT_ERRORS.perPage })
  per_page?: number;

  @ApiPropertyOptional({ enum: CONTACT_SORT_FIELDS, default: 'first_name' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(CONTACT_SORT_FIELDS, { message: CONTACT_ERRORS.orderBy })
  order_by?: ContactSortField;

  @ApiPropertyOptional({ enum: [1, -1], default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsIn([1, -1], { message: CONTACT_ERRORS.orderDir })
  order_dir?: 1 | -1;

  @ApiPropertyOptional({ enum: ['json', 'csv'], default: 'json', description: 'csv: the same rows as text/csv (contacts.csv), streamed' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(['json', 'csv'], { message: CONTACT_ERRORS.format })
  format?: 'json' | 'csv';
}

/** GET /contacts/filter-options. */
export class ContactFilterOptionsQueryDto {
  @ApiPropertyOptional({ description: "The caller's team (default); another team's id answers 404" })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsDatabaseId({ message: CONTACT_ERRORS.teamId })
  team_id?: number;
}
