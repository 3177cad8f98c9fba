import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permissions, Roles } from '@app/auth';
import { ESIGN_PERMISSIONS, STAFF_ROLES } from '@app/contracts';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { ESIGN_PROVIDER_SCHEMA } from '../esign.openapi';
import { ESIGN_PROVIDER, type EsignProvider } from './esign-provider';

/** Which engine the team's templates and new requests use (the builder page picks its builder by it): team_esign AND agent_esign. */
@ApiTags('esign templates')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Permissions(...ESIGN_PERMISSIONS)
@ApiErrors(401, 403)
@Controller('esign/provider')
export class EsignProviderController {
  constructor(@Inject(ESIGN_PROVIDER) private readonly provider: EsignProvider) {}

  @Get()
  @ApiOperation({ summary: 'The e-sign provider of ESIGN_PROVIDER: {provider: own | docuseal}' })
  @ApiAnswer(200, ESIGN_PROVIDER_SCHEMA)
  current(): { provider: 'own' | 'docuseal' } {
    return { provider: this.provider.name };
  }
}
