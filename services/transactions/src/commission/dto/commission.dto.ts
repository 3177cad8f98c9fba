import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import {
  CAP_KINDS,
  COMMISSION_MESSAGES as M,
  COMMISSION_TEMPLATE_NAME_MAX_LENGTH,
  type CapKind,
  type CommissionTemplateInput,
} from '@app/contracts';
import { IsDatabaseId, IsQueryId } from '@app/platform';
import { numberOrRaw } from '../../common/query-values';
import { TRANSACTION_ERRORS } from '../../transactions/transactions.errors';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /commission/templates (PATCH: the same fields, each optional). */
export class CommissionTemplateDto implements CommissionTemplateInput {
  @ApiProperty({ maxLength: COMMISSION_TEMPLATE_NAME_MAX_LENGTH })
  @Transform(trimmed)
  @MaxLength(COMMISSION_TEMPLATE_NAME_MAX_LENGTH, { message: M.nameTooLong })
  @IsNotEmpty({ message: M.required })
  @IsString({ message: M.required })
  name!: string;

  @ApiProperty({ enum: ['b', 's'] })
  @IsIn(['b', 's'], { message: M.clientType })
  client_type_id!: 'b' | 's';

  @ApiPropertyOptional({
    enum: CAP_KINDS,
    nullable: true,
    description: 'B counts toward the brokerage cap, R the royalty cap; null neither',
  })
  @IsOptional()
  @IsIn(CAP_KINDS, { message: M.capKind })
  cap_kind?: CapKind | null;

  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: 100 })
  // Absent is 0; null is no percent at all (refused).
  @ValidateIf((_, value) => value !== undefined)
  @Min(0, { message: M.pct })
  @Max(100, { message: M.pct })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: M.pct })
  pct?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @ValidateIf((_, value) => value !== undefined)
  @Min(0, { message: M.flatAmt })
  @Max(9_999_999_999.99, { message: M.flatAmt })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: M.flatAmt })
  flat_amt?: number;
}

/** PATCH /commission/templates/{id}: the fields sent (null is not "absent": a null name or percent is refused). */
export class UpdateCommissionTemplateDto
  extends PartialType(CommissionTemplateDto, { skipNullProperties: false })
  implements Partial<CommissionTemplateInput> {}

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
  @IsDatabaseId({ message: TRANSACTION_ERRORS.teamUser })
  agent_id?: number;
}
