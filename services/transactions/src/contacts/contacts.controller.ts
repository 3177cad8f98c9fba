import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { CONTACT_ROLES } from '@app/contracts';
import { ContactMergeService } from './contact-merge.service';
import { ContactsService } from './contacts.service';
import { ContactFilterOptionsQueryDto, ContactListQueryDto } from './dto/contact-query.dto';
import { ContactMergeConflictsQueryDto, ContactMergeDto } from './dto/contact-merge.dto';
import { ContactCreateDto, ContactIdParamDto, ContactUpdateDto } from './dto/contact-write.dto';
import { ApiAnswer, ApiErrors, Idempotent } from '@app/platform';
import {
  CONTACT_CONFLICTS_SCHEMA,
  CONTACT_DETAIL_SCHEMA,
  CONTACT_FILTER_OPTIONS_SCHEMA,
  CONTACT_ID_SCHEMA,
  CONTACT_LIST_SCHEMA,
  CONTACT_VERSION_SCHEMA,
} from '../transactions.openapi';

@ApiTags('contacts')
@ApiBearerAuth()
@Roles(...CONTACT_ROLES)
@ApiErrors(401, 403)
@Controller('contacts')
export class ContactsController {
  constructor(
    private readonly contacts: ContactsService,
    private readonly merging: ContactMergeService,
  ) {}

  @Get()
  @ApiProduces('application/json', 'text/csv')
  @ApiOperation({
    summary:
      "The caller's contacts: {records, pagination}. ADMIN, TRANC, ISISA the team's (with agent_name); AGENT their own (agent_name null). " +
      'Defaults: page 1, per_page 20 (1 to 10,000), order_by first_name, order_dir 1, status_filter active. Merged contacts never show. CLIENT, VENDOR: 403.',
    description:
      "format=csv: the same rows as text/csv (contacts.csv), streamed from a cursor, with the caller's columns (Agent only for ADMIN, TRANC, ISISA); " +
      "per_page may be any number from 1 (absent: every row). Cells that start with = + - @ get a leading '.",
  })
  @ApiAnswer(200, CONTACT_LIST_SCHEMA, 'The page of contacts; with format=csv, contacts.csv (text/csv)', { files: ['text/csv'] })
  @ApiErrors(400)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ContactListQueryDto) {
    if (query.format === 'csv') {
      return new StreamableFile(this.contacts.csv(caller, query), {
        type: 'text/csv; charset=utf-8',
        disposition: 'attachment; filename="contacts.csv"',
      });
    }
    return this.contacts.list(caller, query);
  }

  @Get('filter-options')
  @ApiOperation({
    summary:
      "The list's filter options of the team: {agents: [{id, label}], lead_sources: [{id, label}]}; another team's id 404 (an AGENT gets only themselves as agent)",
  })
  @ApiAnswer(200, CONTACT_FILTER_OPTIONS_SCHEMA)
  @ApiErrors(400, 404)
  filterOptions(@CurrentUser() caller: AuthenticatedUser, @Query() query: ContactFilterOptionsQueryDto) {
    return this.contacts.filterOptions(caller, query.team_id);
  }

  @Get('merge/conflicts')
  @ApiOperation({
    summary:
      'The values of 2 to 10 contacts side by side: {contacts, fields: [{label, field, values: [{contact_id, value}]}], dynamic_fields} ' +
      '(fields with no value on any contact left out; dynamic fields are the custom_fields keys, field custom_fields.<key>)',
  })
  @ApiAnswer(200, CONTACT_CONFLICTS_SCHEMA)
  @ApiErrors(400, 404)
  conflicts(@CurrentUser() caller: AuthenticatedUser, @Query() query: ContactMergeConflictsQueryDto) {
    return this.merging.conflicts(caller, query.contact_ids);
  }

  @Post('merge')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Merges 2 to 10 contacts into the oldest with a chosen value for every field shown -> {contact_id}. 400 'Select two or more contacts to merge together', " +
      "'Select no more than 10 contacts to merge', 'Please make a selection for all fields'; a foreign or merged id 404; a merge already under way on one of them 409.",
  })
  @ApiAnswer(200, CONTACT_ID_SCHEMA, 'The surviving contact')
  @ApiErrors(400, 404, 409)
  merge(@CurrentUser() caller: AuthenticatedUser, @Body() body: ContactMergeDto) {
    return this.merging.merge(caller, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A contact the caller sees with its transactions; a merged one 404 with merged_into_contact_id' })
  @ApiAnswer(200, CONTACT_DETAIL_SCHEMA)
  @ApiErrors(400, [404, "Not found; a merged contact's answer names merged_into_contact_id"])
  one(@CurrentUser() caller: AuthenticatedUser, @Param() params: ContactIdParamDto) {
    return this.contacts.detail(caller, params.id);
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary:
      'Adds a contact -> {contact_id}: first_name, last_name required; email, mobile_phone (10 digits) optional; agent_id ADMIN, TRANC, ISISA only (default the caller)',
  })
  @ApiAnswer(201, CONTACT_ID_SCHEMA)
  @ApiErrors(400, 404)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: ContactCreateDto) {
    return this.contacts.create(caller, body);
  }

  @Patch(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Changes the fields sent -> {contact_id, version}; an AGENT cannot change the agent (403)' })
  @ApiAnswer(200, CONTACT_VERSION_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Param() params: ContactIdParamDto, @Body() body: ContactUpdateDto) {
    return this.contacts.update(caller, params.id, body);
  }
}
