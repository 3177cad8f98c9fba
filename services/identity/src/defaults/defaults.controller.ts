import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import { DefaultsService, DEFAULTS_MESSAGES } from './defaults.service';
import { UpdateDefaultsDto } from './dto/update-defaults.dto';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { LANDING_PAGE_CHOICES_SCHEMA, USER_DEFAULTS_SCHEMA } from '../identity.openapi';

@ApiTags('account settings')
@ApiBearerAuth()
@ApiErrors(401)
@Controller('user')
export class DefaultsController {
  constructor(private readonly defaults: DefaultsService) {}

  @Get('profile/defaults')
  @ApiOperation({ summary: "The caller's Account Settings (UserDefaults); built-in values until first saved" })
  @ApiAnswer(200, USER_DEFAULTS_SCHEMA)
  get(@CurrentUser() caller: AuthenticatedUser) {
    return this.defaults.get(caller);
  }

  @Patch('profile/defaults')
  @ApiOperation({
    summary: "Change some of the caller's Account Settings; answers the whole UserDefaults",
    description:
      `Field errors: 400 {errors:[{field, error}]}. Changing default_scope or a default_*_form when the team's market_id is not 0: 403 "${DEFAULTS_MESSAGES.marketOnly}". ` +
      'Form ids are team_form_id values of GET /user/forms (transactions service; not cross-checked here).',
  })
  @ApiAnswer(200, USER_DEFAULTS_SCHEMA, 'The whole saved settings')
  @ApiErrors(400, 403)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateDefaultsDto) {
    return this.defaults.update(caller, body);
  }

  @Get('landing-page-choices')
  @ApiOperation({ summary: 'Choices of default_landing_page: [{id, label}]' })
  @ApiAnswer(200, LANDING_PAGE_CHOICES_SCHEMA)
  landingPageChoices() {
    return this.defaults.landingPageChoices();
  }
}
