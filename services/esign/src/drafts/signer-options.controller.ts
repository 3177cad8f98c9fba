import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Permissions, Roles, type AuthenticatedUser } from '@app/auth';
import { ESIGN_PERMISSIONS, STAFF_ROLES } from '@app/contracts';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { SIGNER_OPTIONS_SCHEMA } from '../esign.openapi';
import { UNAVAILABLE } from './drafts.controller';
import { SignerOptionsQueryDto } from './dto/drafts.dto';
import { SignerOptionsService } from './signer-options.service';

/** Step 3's signer choices (spec 002 sections 2.2 and 2.5): team_esign AND agent_esign, else 403. */
@ApiTags('esign drafts')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Permissions(...ESIGN_PERMISSIONS)
@ApiErrors(401, 403)
@Controller('esign/signer-options')
export class SignerOptionsController {
  constructor(private readonly options: SignerOptionsService) {}

  @Get()
  @ApiOperation({
    summary:
      "Signer choices for a transaction: {contacts [{contact_id, name, email, on_transaction}] (the transaction's first, then the team's matching term, 20 at most), agents [{agent_id, name, email}] (active users, never CLIENT or VENDOR)}. 503 'Transaction data is unavailable. Please try again.'",
  })
  @ApiAnswer(200, SIGNER_OPTIONS_SCHEMA)
  @ApiErrors(400, 404, UNAVAILABLE)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: SignerOptionsQueryDto) {
    return this.options.list(caller, query.client_id, query.term ?? '');
  }
}
