import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, Max, Min } from 'class-validator';
import { REASSIGN_MESSAGES as M, REASSIGN_TYPES, type ReassignType } from '@app/contracts';
import { MAX_DATABASE_ID } from '@app/platform';
import { numberOrRaw } from '../../common/query-values';

const ID_ERROR = 'Choose a user of your team';

/** GET /transactions/reassign/count?from_agent_id=. */
export class ReassignCountQueryDto {
  @ApiProperty()
  @Transform(numberOrRaw)
  @IsDefined({ message: M.required })
  @IsInt({ message: ID_ERROR })
  @Min(1, { message: ID_ERROR })
  @Max(MAX_DATABASE_ID, { message: ID_ERROR })
  from_agent_id!: number;
}

/** POST /transactions/reassign. Ids are strict whole numbers (no strings, no booleans). */
export class ReassignDto {
  @ApiProperty()
  @IsDefined({ message: M.required })
  @IsInt({ message: ID_ERROR })
  @Min(1, { message: ID_ERROR })
  @Max(MAX_DATABASE_ID, { message: ID_ERROR })
  from_agent_id!: number;

  @ApiProperty({ description: 'A user of the same team, active or disabled; not the from-agent' })
  @IsDefined({ message: M.required })
  @IsInt({ message: ID_ERROR })
  @Min(1, { message: ID_ERROR })
  @Max(MAX_DATABASE_ID, { message: ID_ERROR })
  to_agent_id!: number;

  @ApiProperty({ enum: REASSIGN_TYPES })
  @IsDefined({ message: M.required })
  @IsIn(REASSIGN_TYPES, { message: M.type })
  type!: ReassignType;
}
