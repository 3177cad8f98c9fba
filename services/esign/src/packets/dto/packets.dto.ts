import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ESIGN_PACKET_ORDER_BY, ESIGN_TEMPLATE_STATUSES, ESIGN_TEMPLATES_PER_PAGE_OPTIONS, type EsignPacketOrderBy, type EsignTemplateStatus } from '@app/contracts';
import { EmptyAsUndefined, IsPageNumber, IsQueryId, QueryInteger, Trim } from '@app/platform';

const ONE_OF = (values: readonly unknown[]) => ({ message: `Must be one of ${values.join(', ')}` });

/** GET /esign/packets. */
export class PacketListQueryDto {
  @ApiPropertyOptional({ enum: ESIGN_TEMPLATE_STATUSES, description: 'N (default) or D (deleted)' })
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(ESIGN_TEMPLATE_STATUSES, ONE_OF(ESIGN_TEMPLATE_STATUSES))
  status?: EsignTemplateStatus;

  @ApiPropertyOptional()
  @IsOptional()
  @EmptyAsUndefined()
  @QueryInteger()
  @IsPageNumber()
  page?: number;

  @ApiPropertyOptional({ enum: ESIGN_TEMPLATES_PER_PAGE_OPTIONS })
  @IsOptional()
  @EmptyAsUndefined()
  @QueryInteger()
  @IsIn(ESIGN_TEMPLATES_PER_PAGE_OPTIONS, ONE_OF(ESIGN_TEMPLATES_PER_PAGE_OPTIONS))
  per_page?: number;

  @ApiPropertyOptional({ enum: ESIGN_PACKET_ORDER_BY })
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(ESIGN_PACKET_ORDER_BY, ONE_OF(ESIGN_PACKET_ORDER_BY))
  order_by?: EsignPacketOrderBy;

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @EmptyAsUndefined()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['asc', 'desc'], ONE_OF(['asc', 'desc']))
  order_dir?: 'asc' | 'desc';

  @ApiPropertyOptional({ description: 'Search on the name and the type' })
  @IsOptional()
  @Trim()
  @EmptyAsUndefined()
  @IsString({ message: 'Must be text' })
  @MaxLength(255, { message: 'Must be at most 255 characters' })
  quick_search_filter?: string;
}

export class PacketIdParamDto {
  @ApiProperty({ description: 'esig_packet_blueprint_id' })
  @IsQueryId()
  id!: number;
}

/** POST /esign/packets and PATCH /esign/packets/{id}; checked by the service. */
export class PacketDto {
  @ApiProperty({ description: 'Packet name (at most 255 characters)' })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ nullable: true, enum: ['b', 's'], description: 'null All, b Buyer, s Seller' })
  @Allow()
  type_id?: unknown;

  @ApiProperty({ description: "esig_template_id of the team's templates, in order (each once)" })
  @Allow()
  templates?: unknown;
}
