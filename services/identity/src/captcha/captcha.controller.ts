import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@app/auth';
import { CaptchaService } from './captcha.service';

@ApiTags('auth')
@Controller('auth/captcha')
export class CaptchaController {
  constructor(private readonly captchas: CaptchaService) {}

  @Public()
  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'A fresh captcha for the password recovery form (answer expires after 10 minutes, one attempt)' })
  @ApiOkResponse({ description: '{captcha_image_base64: data:image/svg+xml;base64,..., captcha_hash}' })
  create() {
    return this.captchas.create();
  }
}
