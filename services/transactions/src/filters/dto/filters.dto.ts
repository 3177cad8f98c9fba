import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Max, Min } from 'class-validator';
import {
  FILTER_COMPONENTS,
  FILTER_KEYS,
  type FilterComponent,
  type FilterOwnerType,
  type CreateFilterRequest,
  type UpdateFilterRequest,
} from '@app/contracts';
import { MAX_DATABASE_ID } from '@app/platform';
import { booleanOrRaw, numberOrRaw } from '../../common/query-values';

const COMPONENT_ERROR = `component must be one of ${FILTER_COMPONENTS.join(', ')}`;

/**
 * Lets the filter keys through a query DTO (GET /transactions/records and the board calls): they are
 * checked by parseFilterKeys, which names the key of each error. filter_id names a saved filter;
 * referrer_filter is taken and ignored.
 */
export function allowFilterKeys(target: abstract new (...args: never[]) => unknown): void {
  for (const key of [...FILTER_KEYS, 'filter_id', 'referrer_filter']) {
    Allow()(target.prototype as object, key);
    ApiPropertyOptional({
      description:
        key === 'filter_id'
          ? 'A saved filter of the team or the caller; keys given beside it win'
          : `Filter key ${key} (spec 001 section 3)`,
    })(target.prototype as object, key);
  }
}

export class FilterComponentQueryDto {
  @ApiProperty({ enum: FILTER_COMPONENTS })
  @IsIn(FILTER_COMPONENTS, { message: COMPONENT_ERROR })
  component!: FilterComponent;
}

export class ScopesQueryDto {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @Transform(booleanOrRaw)
  @IsBoolean({ message: 'include_team must be true or false' })
  include_team?: boolean;
}

export class DeleteFilterQueryDto extends FilterComponentQueryDto {
  @ApiProperty()
  @Transform(numberOrRaw)
  @IsInt({ message: 'filter_id must be an id' })
  @Min(1, { message: 'filter_id must be an id' })
  @Max(MAX_DATABASE_ID, { message: 'filter_id must be an id' })
  filter_id!: number;
}

export class CreateFilterDto extends FilterComponentQueryDto implements CreateFilterRequest {
  @ApiProperty({ maxLength: 100 })
  // Required: absent or blank is the service's 'This field is required' (it trims and checks the length too).
  @IsOptional()
  @IsString({ message: 'This field is required' })
  name!: string;

  @ApiProperty({ description: 'The filter keys' })
  @IsObject({ message: 'filters must be an object of filter keys' })
  filters!: Record<string, unknown>;

  @ApiPropertyOptional({ enum: ['team', 'personal'], default: 'personal' })
  @IsOptional()
  @IsIn(['team', 'personal'], { message: 'owner_type must be team or personal' })
  owner_type?: FilterOwnerType;
}

export class UpdateFilterDto extends FilterComponentQueryDto implements UpdateFilterRequest {
  @ApiProperty()
  @IsInt({ message: 'filter_id must be an id' })
  @Min(1, { message: 'filter_id must be an id' })
  @Max(MAX_DATABASE_ID, { message: 'filter_id must be an id' })
  filter_id!: number;

  @ApiProperty({ maxLength: 100 })
  // Required: absent or blank is the service's 'This field is required' (it trims and checks the length too).
  @IsOptional()
  @IsString({ message: 'This field is required' })
  filter_name!: string;

  @ApiPropertyOptional({ description: 'The filter keys (saved when updateSelected is true)' })
  @IsOptional()
  @IsObject({ message: 'filters must be an object of filter keys' })
  filters?: Record<string, unknown>;

  @ApiProperty({ description: 'true: save the filters and the name; false: rename only' })
  @IsBoolean({ message: 'updateSelected must be true or false' })
  updateSelected!: boolean;
}
