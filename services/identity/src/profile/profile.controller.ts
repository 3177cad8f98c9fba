import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { ProfileImageConfirmDto, ProfileImageQueryDto, ProfileImageUploadDto } from './dto/profile-image.dto';
import { ProfileImageService } from './profile-image.service';
import { ProfileService } from './profile.service';
import { PROFILE_MESSAGES } from './profile.errors';
import { ApiAnswer, ApiErrors, UPLOAD_URL_SCHEMA, Idempotent } from '@app/platform';
import { ACCOUNT_PROFILE_SCHEMA, CONFIRMED_IMAGE_SCHEMA, IMAGE_URL_SCHEMA } from '../identity.openapi';

@ApiTags('profile')
@ApiBearerAuth()
@ApiErrors(401)
@Controller('user/profile')
export class ProfileController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly images: ProfileImageService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The signed-in user's profile, status, roles and selected team",
    description:
      'notes only for ADMIN callers; integrations only when the team has transaction_sync; caps_editable tells whether the cap and split fields may be changed.',
  })
  @ApiAnswer(200, ACCOUNT_PROFILE_SCHEMA)
  get(@CurrentUser() caller: AuthenticatedUser) {
    return this.profiles.get(caller);
  }

  @Patch()
  @ApiOperation({
    summary: "Update the signed-in user's profile",
    description: [
      'first_name, last_name, mobile_phone are required ("Required"); text fields refuse < > * ! ( ) { }. Field errors: 400 {status, message, errors:[{field, error}]}.',
      'mobile_phone: any formatting ("(555) 555-0100", "555.555.0100", "+1 555 555 0100"), stored and answered as its 10 digits; anything else "Invalid phone number".',
      `Cap and split fields (brokerage_cap_amt, royalty_cap_amt, brokerage_cap_anniversary_dt, royalty_cap_anniversary_dt [MM-DD-YYYY], brokerage_pct, agent_pct [0-100, at most 2 decimals]): ` +
        `changing one answers 403 "${PROFILE_MESSAGES.capsMarket}" when the team's market_id is not 0, and 403 "${PROFILE_MESSAGES.capsPermission}" ` +
        'unless the user is ADMIN, TRANC or ISISA, or an AGENT with allow_agent_edit_cap_amt (CLIENT and VENDOR never). Sending the stored value back unchanged is not a change.',
      `notes: ADMIN only (403 "${PROFILE_MESSAGES.notesAdminOnly}"). integrations {skyslope_agent_guid}: teams with transaction_sync only (403 "${PROFILE_MESSAGES.integrationsDisabled}").`,
      'Publishes identity.user.updated.',
    ].join('\n\n'),
  })
  @ApiAnswer(200, ACCOUNT_PROFILE_SCHEMA, 'The saved profile')
  @ApiErrors(400, 403)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateProfileDto) {
    return this.profiles.update(caller, body);
  }

  @Post('image')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A signed, expiring URL to PUT a new profile image to',
    description:
      'Answers {url, key, expires_in, max_bytes}. PUT the raw file to url with Content-Type equal to type. The server refuses more than 10,000,000 bytes (413) ' +
      'and bytes that are not PNG, JPEG, GIF or WEBP (415 "Only image files are allowed."). With the local driver the PUT sets the image; with S3 call ' +
      'POST /user/profile/image/confirm {key} afterwards (harmless with the local driver). ?agent_id: ADMIN only, same team (another team: 404).',
  })
  @ApiAnswer(200, UPLOAD_URL_SCHEMA)
  @ApiErrors(400, 403, 404)
  requestUpload(@CurrentUser() caller: AuthenticatedUser, @Query() query: ProfileImageQueryDto, @Body() body: ProfileImageUploadDto) {
    return this.images.requestUpload(caller, query.agent_id, body);
  }

  @Post('image/confirm')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({ summary: 'Accept an uploaded image after checking its size and bytes; answers {url}' })
  @ApiAnswer(200, CONFIRMED_IMAGE_SCHEMA)
  @ApiErrors(400, 403, 404, 413, 415)
  confirm(@CurrentUser() caller: AuthenticatedUser, @Query() query: ProfileImageQueryDto, @Body() body: ProfileImageConfirmDto) {
    return this.images.confirm(caller, query.agent_id, body.key);
  }

  @Get('image')
  @ApiOperation({ summary: 'A signed, expiring URL of the profile image: {url}, or {url: null} without one' })
  @ApiAnswer(200, IMAGE_URL_SCHEMA)
  @ApiErrors(400, 403, 404)
  image(@CurrentUser() caller: AuthenticatedUser, @Query() query: ProfileImageQueryDto) {
    return this.images.imageUrl(caller, query.agent_id);
  }
}
