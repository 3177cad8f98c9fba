import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn } from 'class-validator';
import { REASSIGN_MESSAGES as M, REASSIGN_TYPES, type ReassignType, type ReassignRequest } from '@app/contracts';
import { IsDatabaseId } from '@app/platform';
import { numberOrRaw } from '../../common/query-values';
import { TRANSACTION_ERRORS } from '../../transactions/transactions.errors';

/** GET /transactions/reassign/count?from_agent_id=. */
export class ReassignCountQueryDto {
  @ApiProperty()
  @Transform(numberOrRaw)
  @IsDefined({ message: M.required })
  @IsDatabaseId({ message: TRANSACTION_ERRORS.teamUser })
  from_agent_id!: number;
}

/** POST /transactions/reassign. Ids are strict whole numbers (no strings, no booleans). */
export class ReassignDto implements ReassignRequest {
  @ApiProperty()
  @IsDefined({ message: M.required })
  @IsDatabaseId({ message: TRANSACTION_ERRORS.teamUser })
  from_agent_id!: number;

  @ApiProperty({ description: 'A user of the same team, active or disabled; not the from-agent' })
  @IsDefined({ message: M.required })
  @IsDatabaseId({ message: TRANSACTION_ERRORS.teamUser })
  to_agent_id!: number;

  @ApiProperty({ enum: REASSIGN_TYPES })
  @IsDefined({ message: M.required })
  @IsIn(REASSIGN_TYPES, { message: M.type })
  type!: ReassignType;
}
