import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { CAP_KINDS, COMMISSION_MESSAGES as M, COMMISSION_TEMPLATE_NAME_MAX_LENGTH, type CapKind } from '@app/contracts';
import { IsQueryId, MAX_DATABASE_ID } from '@app/platform';
import { numberOrRaw } from '../../common/query-values';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const ID_ERROR = 'Choose a user of your team';

/** POST /commission/templates (PATCH: the same fields, each optional). */
export class CommissionTemplateDto {
  @ApiProperty({ maxLength: COMMISSION_TEMPLATE_NAME_MAX_LENGTH })
  @Transform(trimmed)
  @MaxLength(COMMISSION_TEMPLATE_NAME_MAX_LENGTH, { message: M.nameTooLong })
  @IsNotEmpty({ message: M.required })
  @IsString({ message: M.required })
  name!: string;

  @ApiProperty({ enum: ['b', 's'] })
  @IsIn(['b', 's'], { message: M.clientType })
  client_type_id!: 'b' | 's';

  @ApiPropertyOptional({ enum: CAP_KINDS, nullable: true, description: 'B counts toward the brokerage cap, R the royalty cap; null neither' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsIn(CAP_KINDS, { message: M.capKind })
  cap_kind?: CapKind | null;

  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: 100 })
  @IsOptional()
  @Min(0, { message: M.pct })
  @Max(100, { message: M.pct })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: M.pct })
  pct?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional()
  @Min(0, { message: M.flatAmt })
  @Max(9_999_999_999.99, { message: M.flatAmt })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: M.flatAmt })
  flat_amt?: number;
}

export class UpdateCommissionTemplateDto {
  @ApiPropertyOptional({ maxLength: COMMISSION_TEMPLATE_NAME_MAX_LENGTH })
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(COMMISSION_TEMPLATE_NAME_MAX_LENGTH, { message: M.nameTooLong })
  @IsNotEmpty({ message: M.required })
  @IsString({ message: M.required })
  name?: string;

  @ApiPropertyOptional({ enum: ['b', 's'] })
  @IsOptional()
  @IsIn(['b', 's'], { message: M.clientType })
  client_type_id?: 'b' | 's';

  @ApiPropertyOptional({ enum: CAP_KINDS, nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsIn(CAP_KINDS, { message: M.capKind })
  cap_kind?: CapKind | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 100 })
  @IsOptional()
  @Min(0, { message: M.pct })
  @Max(100, { message: M.pct })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: M.pct })
  pct?: number;

  @ApiPropertyOptional({ minimum: 0 })
  @IsOptional()
  @Min(0, { message: M.flatAmt })
  @Max(9_999_999_999.99, { message: M.flatAmt })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: M.flatAmt })
  flat_amt?: number;
}

export class CommissionTemplateIdParamDto {
  @ApiProperty()
  @IsQueryId({ message: M.notFound })
  id!: number;
}

/** GET /caps?agent_id= (default the caller). */
export class CapsQueryDto {
  @ApiPropertyOptional({ description: 'A user of the team (default the caller); an AGENT only themselves' })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: ID_ERROR })
  @Min(1, { message: ID_ERROR })
  @Max(MAX_DATABASE_ID, { message: ID_ERROR })
  agent_id?: number;
}
