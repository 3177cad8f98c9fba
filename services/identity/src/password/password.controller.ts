import { Body, Controller, Patch, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import { clientOf } from '../auth/auth.controller';
import { ChangePasswordService } from './change-password.service';
import { ChangePasswordDto } from './dto/password.dto';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { OK_MESSAGE_SCHEMA } from '../identity.openapi';

@ApiTags('profile')
@ApiBearerAuth()
@Controller('user/password')
export class PasswordController {
  constructor(private readonly passwords: ChangePasswordService) {}

  @Patch()
  @ApiOperation({ summary: "Change the signed-in user's password; their other sessions end" })
  @ApiAnswer(200, OK_MESSAGE_SCHEMA, "{status:'ok', message:'Password successfully updated'}")
  @ApiErrors([400, 'Field errors on current_password, new_password, confirm_new_password'], 401, [
    429,
    'Too many wrong current passwords from this IP, or for this account',
  ])
  change(@CurrentUser() caller: AuthenticatedUser, @Body() body: ChangePasswordDto, @Req() request: FastifyRequest) {
    return this.passwords.change(caller, body, clientOf(request));
  }
}
