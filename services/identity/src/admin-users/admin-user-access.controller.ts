import { Body, Controller, Get, HttpCode, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, ADMIN_ROLES } from '@app/contracts';
import { ProfileImageConfirmDto, ProfileImageUploadDto } from '../profile/dto/profile-image.dto';
import { AdminUserAccessService } from './admin-user-access.service';
import { AdminSetPasswordDto, AgentIdBodyDto, AgentIdQueryDto, SendUserEmailDto, UserHistoryQueryDto } from './dto/admin-user-query.dto';
import { ApiAnswer, ApiErrors, SUCCESS_SCHEMA, UPLOAD_URL_SCHEMA, Idempotent } from '@app/platform';
import { CONFIRMED_IMAGE_SCHEMA, LOGIN_HISTORY_SCHEMA } from '../identity.openapi';

@ApiTags('user administration')
@ApiBearerAuth()
@Roles(...ADMIN_ROLES)
@ApiErrors(401, 403)
@Controller('admin/user')
export class AdminUserAccessController {
  constructor(private readonly access: AdminUserAccessService) {}

  @Put('password')
  @ApiOperation({
    summary: `Mail the user a password reset link (1 hour) -> "${ADMIN_MESSAGES.emailSent}"`,
    description: 'Inactive users: 400.',
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Mail queued')
  @ApiErrors(400, 404)
  sendReset(@CurrentUser() caller: AuthenticatedUser, @Body() body: AgentIdBodyDto, @Req() request: FastifyRequest) {
    return this.access.sendEmail(caller, { agent_id: body.agent_id, type: 'reset' }, request.ip);
  }

  @Patch('password')
  @ApiOperation({
    summary: `Set a user's password -> "${ADMIN_MESSAGES.passwordUpdated}"; the user's sessions end`,
    description:
      "Section 5 rules on new_password and confirm_new_password, including 'Password must contain at least one number and one special character.'",
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Password set')
  @ApiErrors(400, 404)
  setPassword(@CurrentUser() caller: AuthenticatedUser, @Body() body: AdminSetPasswordDto) {
    return this.access.setPassword(caller, body);
  }

  @Post('email')
  @HttpCode(200)
  @ApiOperation({
    summary: `Mail the user a welcome (7-day link) or reset (1-hour link) email -> "${ADMIN_MESSAGES.emailSent}"`,
    description: 'Both links open /auth/reset-password/<key>. Inactive users: 400.',
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Mail queued')
  @ApiErrors(400, 404)
  sendEmail(@CurrentUser() caller: AuthenticatedUser, @Body() body: SendUserEmailDto, @Req() request: FastifyRequest) {
    return this.access.sendEmail(caller, body, request.ip);
  }

  @Get('history')
  @ApiOperation({ summary: "The user's sign-in attempts, newest first: {table: {data, cols}, pagination}; per_page 10, 20, 60, 100" })
  @ApiAnswer(200, LOGIN_HISTORY_SCHEMA)
  @ApiErrors(400, 404)
  history(@CurrentUser() caller: AuthenticatedUser, @Query() query: UserHistoryQueryDto) {
    return this.access.history(caller, query);
  }

  @Post('avatar')
  @HttpCode(200)
  @ApiOperation({ summary: 'As POST /user/profile/image?agent_id= for an existing user of the team: {url, key, expires_in, max_bytes}' })
  @ApiAnswer(200, UPLOAD_URL_SCHEMA)
  @ApiErrors(400, 404)
  requestAvatarUpload(@CurrentUser() caller: AuthenticatedUser, @Query() query: AgentIdQueryDto, @Body() body: ProfileImageUploadDto) {
    return this.access.requestAvatarUpload(caller, query.agent_id, body);
  }

  @Post('avatar/confirm')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({ summary: 'With the S3 driver, after the PUT: checks the stored bytes and sets the image; answers {url}' })
  @ApiAnswer(200, CONFIRMED_IMAGE_SCHEMA)
  @ApiErrors(400, 404, 413, 415)
  confirmAvatar(@CurrentUser() caller: AuthenticatedUser, @Query() query: AgentIdQueryDto, @Body() body: ProfileImageConfirmDto) {
    return this.access.confirmAvatar(caller, query.agent_id, body.key);
  }
}
