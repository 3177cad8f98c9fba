import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@app/auth';
import { CaptchaService } from './captcha.service';
import { ApiAnswer } from '@app/platform';
import { CAPTCHA_SCHEMA } from '../identity.openapi';

@ApiTags('auth')
@Controller('auth/captcha')
export class CaptchaController {
  constructor(private readonly captchas: CaptchaService) {}

  @Public()
  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'A fresh captcha for the password recovery form (answer expires after 10 minutes, one attempt)' })
  @ApiAnswer(200, CAPTCHA_SCHEMA, '{captcha_image_base64: data:image/svg+xml;base64,..., captcha_hash}')
  create() {
    return this.captchas.create();
  }
}
