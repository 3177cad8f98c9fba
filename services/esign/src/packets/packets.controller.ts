import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Permissions, Roles, type AuthenticatedUser } from '@app/auth';
import { ESIGN_PERMISSIONS, STAFF_ROLES } from '@app/contracts';
import { PacketDto, PacketIdParamDto, PacketListQueryDto } from './dto/packets.dto';
import { PacketsService } from './packets.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { PACKET_DELETED_SCHEMA, PACKET_SCHEMA, PACKETS_SCHEMA } from '../esign.openapi';

/** Packet blueprints (spec 002 sections 2.3 and 2.4): team_esign AND agent_esign, else 403. */
@ApiTags('esign packets')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Permissions(...ESIGN_PERMISSIONS)
@ApiErrors(401, 403)
@Controller('esign/packets')
export class PacketsController {
  constructor(private readonly packets: PacketsService) {}

  @Get()
  @ApiOperation({
    summary:
      "The team's packet blueprints {records, pagination}, each {esig_packet_blueprint_id, name, type_id, status, templates [{esig_template_id, name}] in order, updated_ts}",
  })
  @ApiAnswer(200, PACKETS_SCHEMA)
  @ApiErrors(400)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: PacketListQueryDto) {
    return this.packets.list(caller, query);
  }

  @Post()
  @ApiOperation({ summary: 'Creates a packet {name, type_id, templates: [ids in order]}' })
  @ApiAnswer(201, PACKET_SCHEMA)
  @ApiErrors(400)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: PacketDto) {
    return this.packets.create(caller, { ...body });
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Changes a packet (the keys sent; templates replaces the ordered list)' })
  @ApiAnswer(200, PACKET_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Param() params: PacketIdParamDto, @Body() body: PacketDto) {
    return this.packets.update(caller, params.id, { ...body });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a packet (status D)' })
  @ApiAnswer(200, PACKET_DELETED_SCHEMA, 'Deleted (status D)')
  @ApiErrors(400, 404)
  remove(@CurrentUser() caller: AuthenticatedUser, @Param() params: PacketIdParamDto) {
    return this.packets.remove(caller, params.id);
  }
}
