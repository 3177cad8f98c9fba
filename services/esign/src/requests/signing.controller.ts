import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '@app/auth';
import { ApiAnswer, ApiErrors, contractSchema, RateLimit } from '@app/platform';
import { SIGNING_RESULT_SCHEMA, SIGNING_SESSION_SCHEMA } from '../esign.openapi';
import { CompleteSigningDto, DeclineSigningDto } from './dto/signing.dto';
import { SigningEngine, type SignerClient } from './signing-engine';

const clientOf = (request: FastifyRequest): SignerClient => ({
  ip: request.ip ?? null,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 1000) : null,
});

/** The public signing page's calls: no account, the link's token is the key; throttled per IP. */
@ApiTags('esign signing')
@Public()
// Every call of an address counts, malformed bodies and guessed tokens too (RATE_LIMITS.signing).
@RateLimit('signing')
@ApiErrors(404, 429)
@Controller('esign/sign')
export class SigningController {
  constructor(private readonly engine: SigningEngine) {}

  @Get(':token')
  @ApiOperation({
    summary:
      "What the link opens: state open (documents, fields, own_field_ids, values), waiting, signed (signed_document_url once complete, 30 days), declined, expired or cancelled with its message. 404 'This signing link is not valid'",
  })
  @ApiAnswer(200, SIGNING_SESSION_SCHEMA)
  session(@Param('token') token: string, @Req() request: FastifyRequest) {
    return this.engine.session(token, clientOf(request));
  }

  @Post(':token/complete')
  @HttpCode(200)
  @ApiOperation({
    summary: "The signer's values and consent: 400 naming values.<field uuid> or consent; 409 once the link no longer signs",
  })
  @ApiBody({ schema: contractSchema('CompleteSigningRequest') })
  @ApiAnswer(200, SIGNING_RESULT_SCHEMA)
  @ApiErrors(400, 409)
  complete(@Param('token') token: string, @Body() body: CompleteSigningDto, @Req() request: FastifyRequest) {
    return this.engine.complete(token, body, clientOf(request));
  }

  @Post(':token/decline')
  @HttpCode(200)
  @ApiOperation({ summary: "Declines with a reason ('This field is required'): the request is D and the sender is mailed" })
  @ApiBody({ schema: contractSchema('DeclineSigningRequest') })
  @ApiAnswer(200, SIGNING_RESULT_SCHEMA)
  @ApiErrors(400, 409)
  decline(@Param('token') token: string, @Body() body: DeclineSigningDto, @Req() request: FastifyRequest) {
    return this.engine.decline(token, body, clientOf(request));
  }
}
