import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '@app/auth';
import { ForgotPasswordDto, ResetKeyQueryDto, ResetPasswordDto } from './dto/password.dto';
import { PasswordRecoveryService } from './password-recovery.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { OK_MESSAGE_SCHEMA, OK_SCHEMA } from '../identity.openapi';

@ApiTags('auth')
@Controller('auth')
export class PasswordRecoveryController {
  constructor(private readonly recovery: PasswordRecoveryService) {}

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue a reset link for this email (same answer whether or not an account has it)' })
  @ApiAnswer(200, OK_MESSAGE_SCHEMA, "{status:'ok', message}")
  @ApiErrors([400, 'Field errors: captcha_string (wrong, expired or spent code), email'], [429, 'Too many recovery calls from this IP'])
  forgot(@Body() body: ForgotPasswordDto, @Req() request: FastifyRequest) {
    return this.recovery.forgot(body, request.ip);
  }

  @Public()
  @Get('reset-password/check')
  @ApiOperation({ summary: 'Whether the key of a reset link still works (unknown, used or expired: 400); spends nothing' })
  @ApiAnswer(200, OK_SCHEMA, "{status:'ok'}")
  @ApiErrors([400, "{status:'error', message:'This password reset link is invalid or has expired. Request a new one.'}"])
  checkResetKey(@Query() query: ResetKeyQueryDto) {
    return this.recovery.checkResetKey(query.reset_key);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the key of a reset link; ends every session of the user' })
  @ApiAnswer(200, OK_MESSAGE_SCHEMA, "{status:'ok', message:'Password successfully updated'}")
  @ApiErrors([400, 'Field errors of the password rules, or an unknown, used or expired key'], [429, 'Too many recovery calls from this IP'])
  reset(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest) {
    return this.recovery.reset(body, request.ip);
  }
}
