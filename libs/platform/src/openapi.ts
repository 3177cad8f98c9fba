import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { contractSchema, type ContractSchemaName } from './openapi-schemas';

export { addContractSchemas, contractArraySchema, contractSchema, isContractComponent, type ContractSchemaName } from './openapi-schemas';

/**
 * What every operation answers, in its OpenAPI document: the success schema
 * (ApiAnswer, ApiFileAnswer) and the shared error schema for its 4xx answers (ApiErrors). The schemas are
 * those of libs/contracts types, generated at build time (docs/openapi.md): a service's table names the
 * type (contractSchema('EsignDraft')) and createHttpApp adds the components the document refers to.
 */
export type Schema = SchemaObject | ReferenceObject;

/** libs/contracts ErrorResponse: the body of every 4xx and 5xx. */
const ERROR_RESPONSE = contractSchema('ErrorResponse');

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Refused input: {status, message, errors: [{field, error}]}',
  401: 'Authentication required (no, expired or revoked token)',
  403: 'The caller may not do this',
  404: "Not found (or not the caller's team's)",
  409: 'Conflicts with the current state',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Cannot be processed',
  429: 'Too many requests',
};

/** The 4xx (or 5xx) answers of an operation or of every operation of a controller, each the shared ErrorResponse. */
export function ApiErrors(...statuses: (number | [number, string])[]) {
  return applyDecorators(
    ...statuses.map((entry) => {
      const [status, description] = Array.isArray(entry) ? entry : [entry, ERROR_DESCRIPTIONS[entry] ?? 'Error'];
      // content, not schema: errors are JSON even where the operation produces CSV or files.
      return ApiResponse({ status, description, content: json(ERROR_RESPONSE) });
    }),
  );
}

/**
 * The success answer: a libs/contracts type (its name, or contractSchema(name) from a service's table), another
 * schema, or a response DTO class. `files` names other content types the same operation may answer instead
 * (a list that is also a CSV download with format=csv).
 */
export function ApiAnswer(
  status: number,
  schema: ContractSchemaName | Schema | Type<unknown>,
  description = status === 201 ? 'Created' : 'OK',
  options: { files?: string[] } = {},
) {
  const ref = typeof schema === 'function' ? { $ref: getSchemaPath(schema) } : typeof schema === 'string' ? contractSchema(schema) : schema;
  return applyDecorators(
    ...(typeof schema === 'function' ? [ApiExtraModels(schema)] : []),
    ApiResponse({ status, description, content: { ...json(ref), ...binary(options.files ?? []) } }),
  );
}

const json = (schema: Schema) => ({ 'application/json': { schema } });
const binary = (types: string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } as SchemaObject }]));

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

// ---- the shared answers of libs/contracts (api.ts, answers.ts) ------------------------------

/** {status: 'success', message?}: the answer of a change that returns nothing else. */
export const SUCCESS_SCHEMA = contractSchema('Success');
/** UploadUrlResponse: where to PUT a file (a signed URL). */
export const UPLOAD_URL_SCHEMA = contractSchema('UploadUrlResponse');
/** {select_options: [{id, text}]} of the select boxes. */
export const SELECT_OPTIONS_SCHEMA = contractSchema('SelectOptions');
