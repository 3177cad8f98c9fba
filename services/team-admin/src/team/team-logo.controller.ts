import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, ADMIN_ROLES } from '@app/contracts';
import { TeamLogoConfirmDto, TeamLogoUploadDto } from './dto/team-logo.dto';
import { TeamLogoService } from './team-logo.service';
import { ApiAnswer, ApiErrors, SUCCESS_SCHEMA, UPLOAD_URL_SCHEMA, Idempotent } from '@app/platform';
import { LOGO_URL_SCHEMA } from '../team-admin.openapi';

@ApiTags('team settings')
@ApiBearerAuth()
@Roles(...ADMIN_ROLES)
@ApiErrors(401, 403)
@Controller('admin/team/logo')
export class TeamLogoController {
  constructor(private readonly logos: TeamLogoService) {}

  @Get()
  @ApiOperation({ summary: "A signed, expiring URL of the team's logo: {url}, or {url: null} without one (ADMIN)" })
  @ApiAnswer(200, LOGO_URL_SCHEMA)
  @ApiErrors(404)
  get(@CurrentUser() caller: AuthenticatedUser) {
    return this.logos.logoUrl(caller.team_id);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'A signed, expiring URL to PUT a new team logo to (ADMIN)',
    description:
      'Answers {url, key, expires_in, max_bytes}. PUT the raw file to url with Content-Type equal to type. The server refuses more than 10,000,000 bytes (413) ' +
      'and bytes that are not PNG, JPEG, GIF or WEBP (415 "Only image files are allowed."). With the local driver the PUT sets the logo; with S3 call ' +
      `POST /admin/team/logo/confirm {key} afterwards (harmless with the local driver). The console shows "${ADMIN_MESSAGES.logoUploadFailed}" on any failure.`,
  })
  @ApiAnswer(200, UPLOAD_URL_SCHEMA)
  @ApiErrors(400, 404)
  requestUpload(@CurrentUser() caller: AuthenticatedUser, @Body() body: TeamLogoUploadDto) {
    return this.logos.requestUpload(caller.team_id, body);
  }

  @Post('confirm')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({ summary: 'Accept an uploaded logo after checking its size and bytes; answers {url} (ADMIN)' })
  @ApiAnswer(200, LOGO_URL_SCHEMA, 'The new logo')
  @ApiErrors(400, 404, 413, 415)
  confirm(@CurrentUser() caller: AuthenticatedUser, @Body() body: TeamLogoConfirmDto) {
    return this.logos.confirm(caller.team_id, body.key);
  }

  @Delete()
  @ApiOperation({ summary: `Remove the team's logo (ADMIN): {status, message:"${ADMIN_MESSAGES.logoDeleted}"}` })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Removed')
  @ApiErrors(404)
  remove(@CurrentUser() caller: AuthenticatedUser) {
    return this.logos.remove(caller.team_id);
  }
}
