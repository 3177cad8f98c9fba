import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import {
  ESIGN_MAX_SIGNERS,
  ESIGN_PACKET_MAX_TEMPLATES,
  ESIGN_REQUEST_MESSAGES as M,
  ESIGN_SIGNATURE_ORDERS,
  type CreateEsignDraftRequest,
  type CreateEsignRequestBody,
  type EsignEmailConfig,
  type EsignFieldValueInput,
  type EsignSignatureOrder,
  type EsignSignerInput,
} from '@app/contracts';
import { EmptyAsNull, IsDatabaseId, MAX_DATABASE_ID } from '@app/platform';

export class RequestIdParamDto {
  @ApiProperty({ description: 'esig_request_id' })
  @Type(() => Number)
  @IsInt({ message: 'Please enter a valid value' })
  @Min(1, { message: 'Please enter a valid value' })
  @Max(MAX_DATABASE_ID, { message: 'Please enter a valid value' })
  id!: number;
}

/**
 * A list of `dto` entries checked one by one, with IsArray (or IsOptional and IsArray) beside it. An entry that is
 * not an object is checked as an empty one, so it is refused on its own fields (signers.2.role, fields.0.fieldId) as
 * a JSON object missing them is; a value that is not a list is only IsArray's error (never checked as one entry).
 */
export const EachNested = <T extends object>(dto: new () => T) =>
  applyDecorators(
    Type(() => dto),
    Transform(({ value }) =>
      value === undefined || value === null
        ? value
        : Array.isArray(value)
          ? value.map((entry: unknown) => (entry instanceof dto ? entry : new dto()))
          : false,
    ),
    ValidateNested({ each: true }),
  );

/** One `dto` object; a value that is not an object is checked as an empty one (so read by the service as if absent). */
export const Nested = <T extends object>(dto: new () => T) =>
  applyDecorators(
    Type(() => dto),
    Transform(({ value }) => (value === undefined || value === null || value instanceof dto ? value : new dto())),
    ValidateNested(),
  );

type DraftOrNot = { draft_id?: unknown };
const fromTemplates = (body: DraftOrNot) => body.draft_id === undefined || body.draft_id === null;
const CHOOSE_TEMPLATES = { message: M.chooseTemplates };

/**
 * The templates a request or a send draft is made from: client_id, then packet_id or else template_ids (each template
 * once, at most ESIGN_PACKET_MAX_TEMPLATES). A send from a draft takes all of them from the draft: client_id is then
 * optional (the service checks it is the draft's), template_ids and packet_id are not read.
 */
export class EsignTemplateSourceDto implements CreateEsignDraftRequest {
  @ApiProperty({ description: "The transaction (the team's); from a draft optional, and then the draft's" })
  @ValidateIf(
    (body: DraftOrNot & { client_id?: unknown }) => fromTemplates(body) || (body.client_id !== undefined && body.client_id !== null),
  )
  @IsDatabaseId({ message: (args: ValidationArguments) => (fromTemplates(args.object as DraftOrNot) ? M.required : M.invalidValue) })
  client_id!: number;

  @ApiPropertyOptional({ type: [Number], description: 'The templates in order (without packet_id)' })
  @ValidateIf(
    (body: DraftOrNot & { packet_id?: unknown }) => fromTemplates(body) && (body.packet_id === undefined || body.packet_id === null),
  )
  @IsArray(CHOOSE_TEMPLATES)
  @ArrayNotEmpty(CHOOSE_TEMPLATES)
  @ArrayMaxSize(ESIGN_PACKET_MAX_TEMPLATES, CHOOSE_TEMPLATES)
  @ArrayUnique(CHOOSE_TEMPLATES)
  @IsDatabaseId({ ...CHOOSE_TEMPLATES, each: true })
  template_ids?: number[];

  @ApiPropertyOptional({ description: "A packet's templates, in the packet's order" })
  @ValidateIf(
    (body: DraftOrNot & { packet_id?: unknown }) => fromTemplates(body) && body.packet_id !== undefined && body.packet_id !== null,
  )
  @IsDatabaseId(CHOOSE_TEMPLATES)
  packet_id?: number;
}

/**
 * One signer. The role must be a role of the schema, and only a role that owns fields needs its signer (a name, a
 * valid email, an order for S); a signer of any other role is left out: those rules need the schema and the
 * signature order, and stay in the service.
 */
export class EsignSignerInputDto implements EsignSignerInput {
  @ApiProperty({ description: "The role's name in the template (any case; a packet's templates share a role by name)" })
  @IsString({ message: M.unknownRole })
  role!: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: M.signerNameRequired })
  name!: string;

  @ApiProperty()
  @IsOptional()
  @IsString({ message: M.emailRequired })
  email!: string;

  @ApiPropertyOptional({ nullable: true, description: 'The contact the signer is, if one ("" as none)' })
  @EmptyAsNull()
  @IsOptional()
  @IsDatabaseId({ message: M.invalidValue })
  contact_id?: number | null;

  @ApiPropertyOptional({ description: 'Sequential order (S): a whole number of 1 or more; not read for P (the service checks it)' })
  @Allow()
  order?: number;
}

/** A value entered while sending; whether fieldId is a field of the schema, and the value's rules, are the service's. */
export class EsignFieldValueInputDto implements EsignFieldValueInput {
  @ApiProperty({ description: "The field's uuid in the request's schema" })
  @IsString({ message: M.unknownField })
  fieldId!: string;

  @ApiProperty({ description: 'Checked with the rules of its field type (spec 002 section 5)' })
  @Allow()
  value!: unknown;

  // Only true makes the value read-only; anything else reads as false.
  @ApiPropertyOptional()
  @Allow()
  readonly?: boolean;

  // Its kind and whether the field may update the transaction are one key's rules, answered with the other values' errors: the service's.
  @ApiPropertyOptional({ description: 'Write the value back to the transaction (only a mapped field whose can_update is true)' })
  @Allow()
  update_transaction?: boolean;
}

/**
 * The messages: which subjects are required (the default's, or each signing role's with useRoleConfig) and their
 * lengths are checked by the service, which knows the roles that sign. Text that is not a string reads as empty.
 */
export class EsignEmailConfigDto implements EsignEmailConfig {
  @ApiProperty({ description: '{subject, body}: the subject required unless useRoleConfig' })
  @Allow()
  default!: EsignEmailConfig['default'];

  @ApiPropertyOptional({ description: 'Per role name {subject, body}, used when useRoleConfig is true' })
  @Allow()
  roles?: EsignEmailConfig['roles'];

  // Only true uses the roles' messages.
  @ApiPropertyOptional()
  @Allow()
  useRoleConfig?: boolean;
}

/** POST /esign/requests: from templates or a packet (CreateEsignRequest), or from the caller's send draft (CreateEsignRequestFromDraft). */
export class CreateEsignRequestDto extends EsignTemplateSourceDto implements CreateEsignRequestBody {
  @ApiPropertyOptional({ description: "The caller's send draft: its transaction, templates, schema copy and title" })
  @IsOptional()
  @IsUUID('all', { message: M.invalidValue })
  draft_id?: string;

  @ApiProperty({ enum: ESIGN_SIGNATURE_ORDERS, description: 'P (parallel) or S (sequential)' })
  @IsIn(ESIGN_SIGNATURE_ORDERS, { message: M.signatureOrder })
  signature_order!: EsignSignatureOrder;

  @ApiProperty({ type: EsignEmailConfigDto })
  @IsOptional()
  @Nested(EsignEmailConfigDto)
  email_config!: EsignEmailConfigDto;

  @ApiProperty({ type: [EsignSignerInputDto], description: `One per role that owns fields, at most ${ESIGN_MAX_SIGNERS}` })
  // Decorators run bottom up: a list that is not an array is named by IsArray, whose message is the first.
  @ArrayMaxSize(ESIGN_MAX_SIGNERS, { message: `At most ${ESIGN_MAX_SIGNERS} signers` })
  @IsArray({ message: M.signerNameRequired })
  @EachNested(EsignSignerInputDto)
  signers!: EsignSignerInputDto[];

  @ApiPropertyOptional({ type: [EsignFieldValueInputDto] })
  @IsOptional()
  @IsArray({ message: M.invalidValue })
  @EachNested(EsignFieldValueInputDto)
  fields?: EsignFieldValueInputDto[];

  // Only true previews; anything else sends.
  @ApiPropertyOptional({ description: "true: answer the filled PDF's URL; nothing is stored or sent" })
  @Allow()
  preview?: boolean;
}
