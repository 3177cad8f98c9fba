import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '@app/auth';
import { ForgotPasswordDto, ResetKeyQueryDto, ResetPasswordDto } from './dto/password.dto';
import { PasswordRecoveryService } from './password-recovery.service';

@ApiTags('auth')
@Controller('auth')
export class PasswordRecoveryController {
  constructor(private readonly recovery: PasswordRecoveryService) {}

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue a reset link for this email (same answer whether or not an account has it)' })
  @ApiOkResponse({ description: "{status:'ok', message}" })
  @ApiBadRequestResponse({ description: 'Field errors: captcha_string (wrong, expired or spent code), email' })
  @ApiTooManyRequestsResponse({ description: 'Too many recovery calls from this IP' })
  forgot(@Body() body: ForgotPasswordDto, @Req() request: FastifyRequest) {
    return this.recovery.forgot(body, request.ip);
  }

  @Public()
  @Get('reset-password/check')
  @ApiOperation({ summary: 'Whether the key of a reset link still works (unknown, used or expired: 400); spends nothing' })
  @ApiOkResponse({ description: "{status:'ok'}" })
  @ApiBadRequestResponse({ description: "{status:'error', message:'This password reset link is invalid or has expired. Request a new one.'}" })
  checkResetKey(@Query() query: ResetKeyQueryDto) {
    return this.recovery.checkResetKey(query.reset_key);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the key of a reset link; ends every session of the user' })
  @ApiOkResponse({ description: "{status:'ok', message:'Password successfully updated'}" })
  @ApiBadRequestResponse({ description: 'Field errors of the password rules, or an unknown, used or expired key' })
  @ApiTooManyRequestsResponse({ description: 'Too many recovery calls from this IP' })
  reset(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest) {
    return this.recovery.reset(body, request.ip);
  }
}
