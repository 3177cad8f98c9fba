import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, Roles, type AuthenticatedUser } from '@app/auth';
import { VENDOR_ENROLLMENT_MESSAGES as M, VENDOR_INVITE_ROLES, VENDOR_INVITE_STATUSES, type VendorInviteStatus } from '@app/contracts';
import { CreateVendorInviteDto, RevokeVendorInviteDto, VendorEnrollmentDto, VendorInviteInfoQueryDto } from './dto/vendor-enrollment.dto';
import { VendorEnrollmentService } from './vendor-enrollment.service';
import { ApiAnswer, ApiErrors, RateLimit, SUCCESS_SCHEMA } from '@app/platform';
import { VENDOR_INVITE_CREATED_SCHEMA, VENDOR_INVITE_INFO_SCHEMA, VENDOR_INVITES_SCHEMA } from '../identity.openapi';

const INVITE_REFUSALS = `Unknown or revoked token: 404 "${M.inviteInvalid}"; expired: 410 "${M.inviteExpired}"; used: 410 "${M.inviteUsed}".`;

@ApiTags('vendor enrollment')
@Controller('enroll/vendor')
export class VendorEnrollmentController {
  constructor(private readonly enrollment: VendorEnrollmentService) {}

  @ApiBearerAuth()
  @Roles(...VENDOR_INVITE_ROLES)
  @Post('link')
  @ApiOperation({
    summary:
      'Make an invite link {email?, name?, vendor_type? (Attorney, Mortgage, Title)} (ADMIN, TRANC) -> {status, invite_token, url, expires_at}',
    description:
      'The token is random (32 bytes), stored only as its SHA-256, good for 14 days and one enrollment. With an email the link is mailed too. ' +
      'vendor_type stays on the organisation the enrollment makes; the form does not ask it.',
  })
  @ApiAnswer(201, VENDOR_INVITE_CREATED_SCHEMA)
  @ApiErrors(400, 401, 403)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateVendorInviteDto) {
    return this.enrollment.createInvite(caller, body);
  }

  @ApiBearerAuth()
  @Roles(...VENDOR_INVITE_ROLES)
  @Get('links')
  @ApiQuery({ name: 'status', required: false, enum: VENDOR_INVITE_STATUSES })
  @ApiOperation({
    summary:
      "The team's invites, newest first (ADMIN, TRANC) -> {records: [{invite_id, email, name, vendor_type, status, created_ts, expires_at, used_ts, revoked_ts, vendor_id, vendor_name, created_by}]}",
    description:
      'status is pending, used, expired or revoked; ?status= keeps one of them. The token is never answered again (only its hash is kept).',
  })
  @ApiAnswer(200, VENDOR_INVITES_SCHEMA)
  @ApiErrors(400, 401, 403)
  async list(@CurrentUser() caller: AuthenticatedUser, @Query('status') status?: string) {
    const filter = VENDOR_INVITE_STATUSES.includes(status as VendorInviteStatus) ? (status as VendorInviteStatus) : undefined;
    return { records: await this.enrollment.list(caller, filter) };
  }

  @ApiBearerAuth()
  @Roles(...VENDOR_INVITE_ROLES)
  @Delete('link')
  @ApiOperation({
    summary: `Revoke an invite {invite_token} or {invite_id} (ADMIN, TRANC) -> {status, message: "${M.inviteRevoked}"}`,
    description: `Another team's or an unknown invite: 404 "${M.inviteNotFound}"; a used one: 409 "${M.inviteUsed}". Revoking twice is harmless.`,
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Revoked')
  @ApiErrors(400, 401, 403, 404, 409)
  revoke(@CurrentUser() caller: AuthenticatedUser, @Body() body: RevokeVendorInviteDto) {
    return this.enrollment.revoke(caller, body);
  }

  @Public()
  @RateLimit('vendor-enrollment')
  @Get('link/info')
  @ApiOperation({
    summary: 'The Vendor Enrollment Form prefilled from an invite (public) -> {team_name, name, address, primary_contact}',
    description: INVITE_REFUSALS,
  })
  @ApiAnswer(200, VENDOR_INVITE_INFO_SCHEMA)
  @ApiErrors(400, [404, 'Unknown or revoked invite'], [410, 'Expired or used invite'], [429, 'Too many enrollment calls from this IP'])
  info(@Query() query: VendorInviteInfoQueryDto) {
    return this.enrollment.info(query.invite_token);
  }

  @Public()
  @RateLimit('vendor-enrollment')
  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: `Enroll a vendor with an invite (public) -> {status, message: "${M.success}"}`,
    description:
      `Every field but address.address_2 is required: "${M.required}" (primary_contact fields "${M.contactRequired}"); errors name paths like primary_contact.email. ` +
      `primary_contact.phone any formatting, stored as 10 digits ("${M.invalidPhone}"); primary_contact.email "${M.invalidEmail}", or "${M.emailTaken}" when it is a user's. ` +
      `${INVITE_REFUSALS} One transaction: the invite is spent, the vendor organisation and its VENDOR user (active, no password yet, no licence) are made, ` +
      'identity.user.created and identity.vendor.enrolled are published; the login instructions are mailed (a 7-day link to /auth/reset-password/<key>).',
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Enrolled')
  @ApiErrors(400, [404, 'Unknown or revoked invite'], [410, 'Expired or used invite'], [429, 'Too many enrollment calls from this IP'])
  enroll(@Body() body: VendorEnrollmentDto) {
    return this.enrollment.enroll(body);
  }
}
