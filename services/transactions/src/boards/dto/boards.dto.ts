import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  BOARD_CONSTANTS,
  BOARDS,
  CARD_ACTIONS,
  CARD_TYPES,
  type Board,
  type CardAction,
  type CardType,
  type CardActionRequest,
} from '@app/contracts';
import { MAX_DATABASE_ID, MAX_PAGE } from '@app/platform';
import { booleanOrRaw, numberOrRaw } from '../../common/query-values';
import { allowFilterKeys } from '../../filters/dto/filters.dto';

export const BOARD_DTO_ERRORS = {
  board: `Choose one of ${BOARDS.join(', ')}`,
  columnId: 'Choose a column of this board',
  page: 'page must be a whole number of 1 or more',
  perPage: `per_page must be a whole number from 1 to ${BOARD_CONSTANTS.maxPerPage}`,
  showHidden: 'show_hidden must be true or false',
  cardType: `Choose one of ${CARD_TYPES.join(', ')}`,
  action: `Choose one of ${CARD_ACTIONS.join(', ')}`,
  id: 'Choose a card',
} as const;

export class BoardParamDto {
  @ApiProperty({ enum: BOARDS })
  @IsIn(BOARDS, { message: BOARD_DTO_ERRORS.board })
  board!: Board;
}

/** GET /boards/{board}: show_hidden and (transaction boards) the filter keys or filter_id. */
export class BoardColumnsQueryDto {
  @ApiPropertyOptional({ default: false, description: 'Count the transactions hidden from boards too' })
  @IsOptional()
  @Transform(booleanOrRaw)
  @IsBoolean({ message: BOARD_DTO_ERRORS.showHidden })
  show_hidden?: boolean;
}
allowFilterKeys(BoardColumnsQueryDto);

/** GET /boards/{board}/cards. */
export class BoardCardsQueryDto extends BoardColumnsQueryDto {
  @ApiProperty({ description: 'The column: a task status id (tasks), a stage id (stages) or a status id (status)' })
  @Transform(numberOrRaw)
  @IsInt({ message: BOARD_DTO_ERRORS.columnId })
  @Min(1, { message: BOARD_DTO_ERRORS.columnId })
  @Max(MAX_DATABASE_ID, { message: BOARD_DTO_ERRORS.columnId })
  column_id!: number;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: BOARD_DTO_ERRORS.page })
  @Min(1, { message: BOARD_DTO_ERRORS.page })
  @Max(MAX_PAGE, { message: BOARD_DTO_ERRORS.page })
  page?: number;

  @ApiPropertyOptional({ default: BOARD_CONSTANTS.perPage, maximum: BOARD_CONSTANTS.maxPerPage })
  @IsOptional()
  @Transform(numberOrRaw)
  @IsInt({ message: BOARD_DTO_ERRORS.perPage })
  @Min(1, { message: BOARD_DTO_ERRORS.perPage })
  @Max(BOARD_CONSTANTS.maxPerPage, { message: BOARD_DTO_ERRORS.perPage })
  per_page?: number;
}
allowFilterKeys(BoardCardsQueryDto);

/** PATCH /boards/cards. */
export class CardActionDto implements CardActionRequest {
  @ApiProperty({ enum: CARD_TYPES })
  @IsIn(CARD_TYPES, { message: BOARD_DTO_ERRORS.cardType })
  card_type!: CardType;

  @ApiProperty({ description: 'The task id or the transaction client_id' })
  @IsInt({ message: BOARD_DTO_ERRORS.id })
  @Min(1, { message: BOARD_DTO_ERRORS.id })
  @Max(MAX_DATABASE_ID, { message: BOARD_DTO_ERRORS.id })
  id!: number;

  @ApiProperty({ enum: CARD_ACTIONS, description: 'pin, bottom (unpins), unpin; hide and show for transaction cards only' })
  @IsIn(CARD_ACTIONS, { message: BOARD_DTO_ERRORS.action })
  action!: CardAction;
}

/** The board params that are not filter keys (kept out of the filter's parse). */
export const BOARD_PARAMETERS: ReadonlySet<string> = new Set(['column_id', 'page', 'per_page', 'show_hidden']);
