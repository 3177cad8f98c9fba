import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsOptional } from 'class-validator';
import { ESIGN_PACKET_ORDER_BY, type EsignPacketOrderBy } from '@app/contracts';
import { EmptyAsUndefined, IsQueryId } from '@app/platform';
import { EsignListQueryDto, ONE_OF } from '../../templates/dto/templates.dto';

/** GET /esign/packets. */
export class PacketListQueryDto extends EsignListQueryDto {
  @ApiPropertyOptional({ enum: ESIGN_PACKET_ORDER_BY })
  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(ESIGN_PACKET_ORDER_BY, ONE_OF(ESIGN_PACKET_ORDER_BY))
  order_by?: EsignPacketOrderBy;
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
