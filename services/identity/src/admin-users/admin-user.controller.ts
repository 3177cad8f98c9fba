import { Body, Controller, Delete, Get, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, ADMIN_ROLES } from '@app/contracts';
import { AdminUsersService } from './admin-users.service';
import { AdminUserFormDto, UpdateAdminUserDto } from './dto/admin-user-form.dto';
import { AgentIdBodyDto, AgentIdQueryDto } from './dto/admin-user-query.dto';
import { ApiAnswer, ApiErrors, SUCCESS_SCHEMA } from '@app/platform';
import { ADMIN_USER_ADDED_SCHEMA, ADMIN_USER_RECORD_SCHEMA, ADMIN_USER_SAVED_SCHEMA } from '../identity.openapi';

const LICENCE_RULE =
  `Licences: when the team's total is above 0 and none remain, 403 {message: "${ADMIN_MESSAGES.noLicenses}", detail}. ` +
  `esign_enabled true needs the team_esign permission (403 "${ADMIN_MESSAGES.esignNotPermitted}") and, when the team has e-sign seats, a free one ` +
  `(403 "${ADMIN_MESSAGES.noEsignSeats}"); both with a field error on esign_enabled.`;

@ApiTags('user administration')
@ApiBearerAuth()
@Roles(...ADMIN_ROLES)
@ApiErrors(401, [403, 'Not an administrator, or no licence or e-sign seat left'])
@Controller('admin/user')
export class AdminUserController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @ApiOperation({ summary: "A user of the team as the user form shows it (AdminUserRecord); another team's id: 404" })
  @ApiAnswer(200, ADMIN_USER_RECORD_SCHEMA)
  @ApiErrors(400, 404)
  get(@CurrentUser() caller: AuthenticatedUser, @Query() query: AgentIdQueryDto) {
    return this.users.get(caller, query.agent_id);
  }

  @Post()
  @ApiOperation({
    summary: `Add a user: 201 {status, message: "${ADMIN_MESSAGES.userAdded}", agent_id, record}`,
    description: [
      'first_name, last_name, mobile_phone, email, role_id, start_dt are required ("Required"); dates MM/DD/YYYY ("Invalid date"); ' +
        `mobile_phone in any formatting, stored and answered as its 10 digits ("${ADMIN_MESSAGES.invalidPhone}" otherwise); ` +
        `email unique ("${ADMIN_MESSAGES.emailTaken}"). VENDOR users: the real-estate fields are ignored and answer empty.`,
      LICENCE_RULE,
      'The user has no password; with send_welcome_email (default true) a welcome mail links to /auth/reset-password/<key> (7 days). Publishes identity.user.created.',
    ].join('\n\n'),
  })
  @ApiAnswer(201, ADMIN_USER_ADDED_SCHEMA)
  @ApiErrors(400)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: AdminUserFormDto, @Req() request: FastifyRequest) {
    return this.users.create(caller, body, request.ip);
  }

  @Patch()
  @ApiOperation({
    summary: `Change a user: {agent_id, ...any form fields} -> {status, message: "${ADMIN_MESSAGES.userChangesSaved}", record}`,
    description: `An admin cannot change their own role. ${LICENCE_RULE} Publishes identity.user.updated.`,
  })
  @ApiAnswer(200, ADMIN_USER_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateAdminUserDto) {
    return this.users.update(caller, body);
  }

  @Delete()
  @ApiOperation({
    summary: `Disable a user: status inactive, sessions end -> "${ADMIN_MESSAGES.userDisabled}"`,
    description: `Not oneself (400 "${ADMIN_MESSAGES.cannotDisableSelf}"). Publishes identity.user.updated.`,
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Disabled')
  @ApiErrors(400, 404)
  disable(@CurrentUser() caller: AuthenticatedUser, @Query() query: AgentIdQueryDto) {
    return this.users.disable(caller, query.agent_id);
  }

  @Patch('activate')
  @ApiOperation({
    summary: `Activate a user -> "${ADMIN_MESSAGES.userActivated}"`,
    description: `${LICENCE_RULE} Publishes identity.user.updated.`,
  })
  @ApiAnswer(200, ADMIN_USER_SAVED_SCHEMA, 'Activated')
  @ApiErrors(400, 404)
  activate(@CurrentUser() caller: AuthenticatedUser, @Body() body: AgentIdBodyDto) {
    return this.users.activate(caller, body.agent_id);
  }
}
