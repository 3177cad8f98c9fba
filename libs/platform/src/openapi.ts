import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiResponse, ApiSchema, getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * What every operation answers, in its OpenAPI document (issue 9, section 3): the success schema
 * (ApiAnswer, ApiFileAnswer) and the shared error schema for its 4xx answers (ApiErrors). Schemas are
 * written with the small builders below after the wire types of libs/contracts; `named` ones become
 * components of the documents that reference them (createHttpApp adds them).
 */
export type Schema = SchemaObject | ReferenceObject;

@ApiSchema({ name: 'FieldError' })
class FieldErrorDto {
  @ApiProperty({ example: 'email' }) field!: string;
  @ApiProperty({ example: 'This field is required' }) error!: string;
}

/** libs/contracts ErrorResponse: the body of every 4xx and 5xx. */
@ApiSchema({ name: 'ErrorResponse' })
export class ErrorResponseDto {
  @ApiProperty({ enum: ['error'] }) status!: 'error';
  @ApiProperty({ example: 'Validation failed' }) message!: string;
  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'One entry per refused field, in the spec\'s words' }) errors?: FieldErrorDto[];
  @ApiPropertyOptional({ description: 'A longer explanation the console may show under the message' }) detail?: string;
  @ApiPropertyOptional({ type: 'integer', description: 'A 404 of a merged contact: the contact it was merged into' }) merged_into_contact_id?: number;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Refused input: {status, message, errors: [{field, error}]}',
  401: 'Authentication required (no, expired or revoked token)',
  403: 'The caller may not do this',
  404: 'Not found (or not the caller\'s team\'s)',
  409: 'Conflicts with the current state',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Cannot be processed',
  429: 'Too many requests',
};

/** The 4xx (or 5xx) answers of an operation or of every operation of a controller, each the shared ErrorResponse. */
export function ApiErrors(...statuses: (number | [number, string])[]) {
  return applyDecorators(
    ApiExtraModels(ErrorResponseDto),
    ...statuses.map((entry) => {
      const [status, description] = Array.isArray(entry) ? entry : [entry, ERROR_DESCRIPTIONS[entry] ?? 'Error'];
      // content, not schema: errors are JSON even where the operation produces CSV or files.
      return ApiResponse({ status, description, content: json({ $ref: getSchemaPath(ErrorResponseDto) }) });
    }),
  );
}

/**
 * The success answer: a JSON schema (see the builders) or a response DTO class. `files` names other content
 * types the same operation may answer instead (a list that is also a CSV download with format=csv).
 */
export function ApiAnswer(status: number, schema: Schema | Type<unknown>, description = status === 201 ? 'Created' : 'OK', options: { files?: string[] } = {}) {
  const ref = typeof schema === 'function' ? { $ref: getSchemaPath(schema) } : schema;
  return applyDecorators(
    ...(typeof schema === 'function' ? [ApiExtraModels(schema)] : []),
    ApiResponse({ status, description, content: { ...json(ref), ...binary(options.files ?? []) } }),
  );
}

const json = (schema: Schema) => ({ 'application/json': { schema } });
const binary = (types: string[]) => Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } as SchemaObject }]));

/** A download that is not JSON (CSV, a stored file): its content type and a binary body. */
export function ApiFileAnswer(contentType: string | string[], description: string, status = 200) {
  const types = Array.isArray(contentType) ? contentType : [contentType];
  return ApiResponse({
    status,
    description,
    content: binary(types),
  });
}

/** An answer without a body (204). */
export function ApiNoContent(description = 'Done, no body') {
  return ApiResponse({ status: 204, description });
}

// ---- schema builders ----------------------------------------------------------------------------

const namedSchemas = new Map<string, SchemaObject>();

/** A component schema: referenced by name; added to each document that refers to it. */
export function named(name: string, schema: SchemaObject): ReferenceObject {
  const existing = namedSchemas.get(name);
  if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) throw new Error(`OpenAPI schema ${name} is defined twice, differently`);
  namedSchemas.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

/** Adds every `named` schema the document refers to (directly or through another) to its components. */
export function addNamedSchemas(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  const schemas = (document.components.schemas ??= {});
  const pending: unknown[] = [document.paths, schemas];
  while (pending.length) {
    const node = pending.pop();
    if (!node || typeof node !== 'object') continue;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        const schema = namedSchemas.get(name);
        if (!schemas[name] && schema) {
          schemas[name] = schema;
          pending.push(schema);
        }
      } else if (value && typeof value === 'object') pending.push(value);
    }
  }
  return document;
}

type Extra = Partial<SchemaObject>;
export const str = (extra: Extra = {}): SchemaObject => ({ type: 'string', ...extra });
export const int = (extra: Extra = {}): SchemaObject => ({ type: 'integer', ...extra });
export const num = (extra: Extra = {}): SchemaObject => ({ type: 'number', ...extra });
export const bool = (extra: Extra = {}): SchemaObject => ({ type: 'boolean', ...extra });
export const dateTime = (extra: Extra = {}): SchemaObject => ({ type: 'string', format: 'date-time', ...extra });
/** A value of any JSON type (a custom field's value, a stored settings blob). */
export const anyValue = (description?: string): SchemaObject => ({ description, nullable: true } as SchemaObject);
export const arr = (items: Schema, extra: Extra = {}): SchemaObject => ({ type: 'array', items, ...extra });
export const oneOf = (...schemas: Schema[]): SchemaObject => ({ oneOf: schemas });
/** The schema, or null. */
export function nullable(schema: Schema): SchemaObject {
  return '$ref' in schema ? { allOf: [schema], nullable: true } : { ...schema, nullable: true };
}
/** An object: every property required unless its name ends with '?'. */
export function obj(properties: Record<string, Schema>, extra: Extra = {}): SchemaObject {
  const props: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(properties)) {
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    props[name] = value;
    if (!optional) required.push(name);
  }
  return { type: 'object', properties: props, ...(required.length ? { required } : {}), ...extra };
}
/** An object keyed by arbitrary names (ids, field names). */
export const dict = (values: Schema, description?: string): SchemaObject => ({ type: 'object', additionalProperties: values, description });

// ---- the shared wire shapes of libs/contracts/src/api.ts ------------------------------------

export const PAGINATION_SCHEMA = named(
  'Pagination',
  obj({ total: int(), page: int(), per_page: int(), pages: int(), has_next: bool(), has_prev: bool() }),
);
export const TABLE_COLUMN_SCHEMA = named('TableColumn', obj({ field: str(), header: str(), 'sortable?': bool() }));

/** RecordsResponse<T>: {records: T[], pagination}. */
export const recordsOf = (item: Schema, extra: Record<string, Schema> = {}): SchemaObject =>
  obj({ records: arr(item), pagination: PAGINATION_SCHEMA, ...extra });
/** TableResponse<T>: {table: {data: T[], cols}, pagination}. */
export const tableOf = (row: Schema): SchemaObject =>
  obj({ table: obj({ data: arr(row), cols: arr(TABLE_COLUMN_SCHEMA) }), pagination: PAGINATION_SCHEMA });
/** {select_options: [{id, text}]} of the select boxes. */
export const SELECT_OPTIONS_SCHEMA = named('SelectOptions', obj({ select_options: arr(obj({ id: oneOf(int(), str()), text: str() })) }));
/** {status: 'success', message?}: the answer of a change that returns nothing else. */
export const SUCCESS_SCHEMA = named('Success', obj({ status: str({ enum: ['success'] }), 'message?': str() }));
/** {status: 'success', message, record}: the answer of a change that returns the changed row. */
export const successWith = (record: Schema): SchemaObject => obj({ status: str({ enum: ['success'] }), message: str(), record });
/** UploadUrlResponse: where to PUT a file (a signed URL). */
export const UPLOAD_URL_SCHEMA = named(
  'UploadUrl',
  obj({ url: str({ description: 'PUT the raw file here' }), key: str(), expires_in: int({ description: 'Seconds' }), max_bytes: int() }),
);
