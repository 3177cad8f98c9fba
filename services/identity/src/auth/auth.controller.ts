import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '@app/auth';
import { AuthService, type ClientContext } from './auth.service';
import { LoginDto, RefreshDto } from './dto/login.dto';

/** Who is calling: the IP (trusted proxies only) and the user agent. */
export const clientOf = (request: FastifyRequest): ClientContext => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email and password' })
  @ApiOkResponse({ description: '{access_token, refresh_token, expires_in, user}' })
  @ApiUnauthorizedResponse({ description: 'Invalid email or password' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts for this IP or account' })
  login(@Body() body: LoginDto, @Req() request: FastifyRequest) {
    return this.auth.login(body.email, body.password, clientOf(request));
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rotate a refresh token; reusing a rotated one ends the session, except the same client within the grace window' })
  refresh(@Body() body: RefreshDto, @Req() request: FastifyRequest) {
    return this.auth.refresh(body.refresh_token, clientOf(request));
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the session of this refresh token (its family and its access tokens)' })
  async logout(@Body() body: RefreshDto) {
    await this.auth.logout(body.refresh_token);
    return { status: 'ok' };
  }
}
