import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import type { TeamForm } from '@app/contracts';
import { FormsRepository } from './forms.repository';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { FORMS_SCHEMA } from '../transactions.openapi';

/** GET /user/forms (Account Settings) and GET /transaction/forms: the same list, scoped to the caller's team. */
@ApiTags('forms')
@ApiBearerAuth()
@ApiErrors(401)
@Controller()
export class FormsController {
  constructor(private readonly forms: FormsRepository) {}

  @Get('user/forms')
  @ApiOperation({ summary: "The caller's team forms: {records: [{team_form_id, name, client_type_id ('b'|'s'), edit_only}]}" })
  @ApiAnswer(200, FORMS_SCHEMA)
  userForms(@CurrentUser() caller: AuthenticatedUser) {
    return this.list(caller);
  }

  @Get('transaction/forms')
  @ApiOperation({ summary: "The caller's team forms: {records: [{team_form_id, name, client_type_id ('b'|'s'), edit_only}]}" })
  @ApiAnswer(200, FORMS_SCHEMA)
  transactionForms(@CurrentUser() caller: AuthenticatedUser) {
    return this.list(caller);
  }

  private async list(caller: AuthenticatedUser): Promise<{ records: TeamForm[] }> {
    return { records: await this.forms.listByTeam(caller.team_id) };
  }
}
