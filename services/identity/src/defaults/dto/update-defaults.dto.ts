import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsDatabaseId } from '@app/platform';
import { UI_FONT_WEIGHTS, UI_SCALES, type UiFontWeight, type UiScale, type UserDefaultsUpdate } from '@app/contracts';
import { LANDING_PAGE_IDS, LANDING_PAGE_MESSAGE } from '../landing-pages';

const FORM_ID = { message: 'Must be a form id (a positive whole number)' };
const nullable = (_o: unknown, v: unknown) => v !== null;

/** PATCH /user/profile/defaults: any subset; absent fields keep their value, null clears a nullable one. */
export class UpdateDefaultsDto implements UserDefaultsUpdate {
  @ApiPropertyOptional({ nullable: true, description: 'Opaque scope code of the lists (letters, digits, _ : -), market_id 0 only' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  @Matches(/^[A-Za-z0-9_:-]+$/, { message: 'Letters, digits, _ : - only' })
  default_scope?: string | null;

  @ApiPropertyOptional({ example: 'SNAPSHOT', description: 'One of GET /user/landing-page-choices ids' })
  @ValidateIf((_o, v) => v !== undefined)
  @IsIn(LANDING_PAGE_IDS, { message: LANDING_PAGE_MESSAGE })
  default_landing_page?: string;

  @ApiPropertyOptional({ nullable: true, description: 'team_form_id of GET /user/forms, market_id 0 only' })
  @ValidateIf(nullable)
  @IsOptional()
  @IsDatabaseId(FORM_ID)
  default_form?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'team_form_id of a buyer (b) form, market_id 0 only' })
  @ValidateIf(nullable)
  @IsOptional()
  @IsDatabaseId(FORM_ID)
  default_buyer_form?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'team_form_id of a seller (s) form, market_id 0 only' })
  @ValidateIf(nullable)
  @IsOptional()
  @IsDatabaseId(FORM_ID)
  default_seller_form?: number | null;

  @ApiPropertyOptional({ nullable: true, description: 'team_form_id, market_id 0 only' })
  @ValidateIf(nullable)
  @IsOptional()
  @IsDatabaseId(FORM_ID)
  default_transaction_page_form?: number | null;

  @ApiPropertyOptional({ enum: UI_SCALES })
  @ValidateIf((_o, v) => v !== undefined)
  @IsIn(UI_SCALES as UiScale[], { message: `Must be one of ${UI_SCALES.join(', ')}` })
  ui_scale?: UiScale;

  @ApiPropertyOptional({ enum: UI_FONT_WEIGHTS })
  @ValidateIf((_o, v) => v !== undefined)
  @IsIn(UI_FONT_WEIGHTS as UiFontWeight[], { message: `Must be one of ${UI_FONT_WEIGHTS.join(', ')}` })
  ui_font_weight?: UiFontWeight;

  @ApiPropertyOptional()
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'Must be true or false' })
  dark_mode?: boolean;
}
