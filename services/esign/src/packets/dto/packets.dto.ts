import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsOptional } from 'class-validator';
import { ESIGN_PACKET_ORDER_BY, type EsignPacketOrderBy, type EsignPacketRequest, type EsignPacketListQuery } from '@app/contracts';
import { EmptyAsUndefined, IsQueryId } from '@app/platform';
import { EsignListQueryDto, ONE_OF } from '../../templates/dto/templates.dto';

/** GET /esign/packets. */
export class PacketListQueryDto extends EsignListQueryDto implements EsignPacketListQuery {
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
export class PacketDto implements EsignPacketRequest {
  @ApiProperty({ description: 'Packet name (at most 255 characters)' })
  @Allow()
  name!: EsignPacketRequest['name'];

  @ApiPropertyOptional({ nullable: true, enum: ['b', 's'], description: 'null All, b Buyer, s Seller' })
  @Allow()
  type_id!: EsignPacketRequest['type_id'];

  @ApiProperty({ description: "esig_template_id of the team's templates, in order (each once)" })
  @Allow()
  templates!: EsignPacketRequest['templates'];
}
