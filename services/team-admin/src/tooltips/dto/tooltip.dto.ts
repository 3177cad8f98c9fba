import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn } from 'class-validator';
import { TOOLTIP_CONTENT_MAX_LENGTH, TOOLTIP_MESSAGES, TOOLTIP_POSITIONS, type TooltipPosition, type TooltipUpdate } from '@app/contracts';
import { IsRequiredField, IsRichTextField, IsWholeNumberField } from '@app/platform';

/** ?market_id= of the tooltip reads (default 0, the default content). */
export class TooltipMarketQueryDto {
  @IsWholeNumberField({ required: false, message: TOOLTIP_MESSAGES.marketId }) market_id?: number | null;
}

/** :id of /tooltips/{id}. */
export class TooltipIdParamDto {
  @IsWholeNumberField({ min: 1 }) id!: number;
}

/** PATCH /tooltips/{id}: the content of one market (0: the default). */
export class UpdateTooltipDto implements TooltipUpdate {
  @IsWholeNumberField({ message: TOOLTIP_MESSAGES.marketId }) market_id!: number;

  // Sanitised (no script, handlers or data: images); the limit is checked again on the stored HTML.
  @IsRichTextField({ maxLength: TOOLTIP_CONTENT_MAX_LENGTH }) content!: string;

  @ApiProperty({ enum: TOOLTIP_POSITIONS })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsIn(TOOLTIP_POSITIONS, { message: TOOLTIP_MESSAGES.position })
  @IsRequiredField()
  position!: TooltipPosition;
}
