import type { ErrorResponse, FieldError } from '@app/contracts';
import { HttpError } from 'react-admin';
import { DATA_MESSAGES } from './messages';

/**
 * Body of the HttpError the data provider throws: the server's error body, with `errors` turned into
 * react-admin's `{ field: message }` map (first message per field, spec 000 section 5) so that
 * <Form> places them on the inputs, and the server's own list kept as `field_errors`.
 */
export interface ApiErrorBody {
  status?: string;
  message: string;
  errors?: Record<string, string>;
  field_errors?: FieldError[];
  [key: string]: unknown;
}

function isFieldError(value: unknown): value is FieldError {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as FieldError).field === 'string' &&
    typeof (value as FieldError).error === 'string'
  );
}

/** [{field, error}] -> {field: error}, keeping the first message of each field. */
export function fieldErrorsToRecord(errors: readonly FieldError[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { field, error } of errors) {
    if (!(field in record)) record[field] = error;
  }
  return record;
}

/** Turns a parsed error body (or nothing) into react-admin's HttpError. */
export function toHttpError(status: number, statusText: string, body: unknown): HttpError {
  const server = body && typeof body === 'object' ? (body as Partial<ErrorResponse> & Record<string, unknown>) : {};
  const message =
    (typeof server.message === 'string' && server.message) || (status >= 500 || !statusText ? DATA_MESSAGES.serverError : statusText);

  const { errors: rawErrors, ...rest } = server as Record<string, unknown>;
  const errorBody: ApiErrorBody = { ...rest, message };
  if (Array.isArray(rawErrors)) {
    const list = rawErrors.filter(isFieldError);
    if (list.length > 0) {
      errorBody.errors = fieldErrorsToRecord(list);
      errorBody.field_errors = list;
    }
  } else if (rawErrors && typeof rawErrors === 'object') {
    errorBody.errors = rawErrors as Record<string, string>;
  }
  return new HttpError(message, status, errorBody);
}

export async function httpErrorFromResponse(response: Response): Promise<HttpError> {
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return toHttpError(response.status, response.statusText, body);
}
