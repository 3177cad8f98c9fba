import { Body, Controller, HttpCode, Inject, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenResponse } from '@app/contracts';
import { Public } from '@app/auth';
import { FieldErrorsException, SERVICE_CONFIG, type ServiceConfig, ApiAnswer, ApiErrors } from '@app/platform';
import { AuthService, SESSION_ENDED, type ClientContext } from './auth.service';
import { LoginDto, RefreshDto } from './dto/login.dto';
import { isConsoleClient, refreshTokenFromCookie, setRefreshCookie } from './refresh-cookie';
import { OK_SCHEMA, TOKEN_SCHEMA } from '../identity.openapi';

/** Who is calling: the IP (trusted proxies only) and the user agent. */
export const clientOf = (request: FastifyRequest): ClientContext => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in with email and password',
    description:
      'With X-Requested-With: console the refresh token is set as the HttpOnly cookie realty_refresh (Path=/api/auth, SameSite=Strict) and left out of the body.',
  })
  @ApiAnswer(200, TOKEN_SCHEMA, '{access_token, refresh_token (not for the console), expires_in, user}')
  @ApiErrors(400, [401, 'Invalid email or password'], [429, 'Too many failed attempts for this IP or account'])
  async login(@Body() body: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(request, reply, await this.auth.login(body.email, body.password, clientOf(request)));
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Rotate a refresh token; reusing a rotated one ends the session, except the same client within the grace window',
    description:
      'The token is refresh_token in the body, else the realty_refresh cookie (the console sends X-Requested-With: console and no body token).',
  })
  @ApiAnswer(200, TOKEN_SCHEMA, 'The new tokens (the console: the refresh token as the cookie)')
  @ApiErrors(400, [401, 'An unknown, expired, revoked or reused refresh token'])
  async refresh(@Body() body: RefreshDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = this.presentedToken(body, request);
    try {
      return this.answer(request, reply, await this.auth.refresh(token, clientOf(request)));
    } catch (error) {
      // An ended session's cookie is of no more use: the browser drops it.
      if (isConsoleClient(request)) setRefreshCookie(reply, null, this.config.NODE_ENV);
      throw error;
    }
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the session of this refresh token (its family and its access tokens); the body token, else the cookie' })
  @ApiAnswer(200, OK_SCHEMA, 'The session has ended')
  @ApiErrors(400)
  async logout(@Body() body: RefreshDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = body.refresh_token ?? refreshTokenFromCookie(request);
    if (token) await this.auth.logout(token);
    if (isConsoleClient(request) || refreshTokenFromCookie(request)) setRefreshCookie(reply, null, this.config.NODE_ENV);
    return { status: 'ok' };
  }

  /** The token of a refresh: the body's, else the cookie's; none at all is a 400 for body clients, an ended session for the console. */
  private presentedToken(body: RefreshDto, request: FastifyRequest): string {
    const token = body.refresh_token ?? refreshTokenFromCookie(request);
    if (token) return token;
    if (isConsoleClient(request)) throw new UnauthorizedException(SESSION_ENDED);
    throw new FieldErrorsException([{ field: 'refresh_token', error: 'This field is required' }]);
  }

  /** The console's refresh token goes into the HttpOnly cookie, never into the body it could read. */
  private answer(request: FastifyRequest, reply: FastifyReply, tokens: TokenResponse): TokenResponse {
    if (!isConsoleClient(request)) return tokens;
    setRefreshCookie(reply, tokens.refresh_token ?? null, this.config.NODE_ENV);
    const { refresh_token: _kept, ...body } = tokens;
    return body;
  }
}
