import type { FieldError } from '@app/contracts';
import { fieldErrorsToRecord } from '../../dataProvider/httpError';

/**
 * Field errors of a failed call, `{field: first message}` (spec 000 section 5: the first message per
 * field goes under that field). Reads the HttpError of the data provider and account api
 * (`body.errors` already a record, `body.field_errors` the server's list) or a raw `{errors:[...]}`.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!error || typeof error !== 'object') return {};
  const body = (error as { body?: unknown }).body ?? error;
  if (!body || typeof body !== 'object') return {};
  const { errors, field_errors: list } = body as { errors?: unknown; field_errors?: unknown };
  if (Array.isArray(list)) return fieldErrorsToRecord(list.filter(isFieldError));
  if (Array.isArray(errors)) return fieldErrorsToRecord(errors.filter(isFieldError));
  if (errors && typeof errors === 'object') {
    const record: Record<string, string> = {};
    for (const [field, message] of Object.entries(errors as Record<string, unknown>)) {
      const first = Array.isArray(message) ? message[0] : message;
      if (typeof first === 'string' && first) record[field] = first;
    }
    return record;
  }
  return {};
}

export function hasFieldErrors(error: unknown): boolean {
  return Object.keys(fieldErrorsOf(error)).length > 0;
}

/** Renames the server's field names to the form's (e.g. captcha_string -> code). */
export function renameFields(errors: Record<string, string>, names: Record<string, string>): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const target = names[field] ?? field;
    if (!(target in renamed)) renamed[target] = message;
  }
  return renamed;
}

/** The HTTP status of a failed call (0 when the server could not be reached). */
export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/** The message of a failed call, or the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

function isFieldError(value: unknown): value is FieldError {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as FieldError).field === 'string' &&
    typeof (value as FieldError).error === 'string'
  );
}
