import { FORM_FIELD_MESSAGES } from '@app/contracts';
import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Missing, null, only spaces, or an empty list. */
export function isMissingValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * A field that must be given (spec 001 and 002: 'This field is required'), for fields the other
 * form-field decorators do not cover (selects, check lists, ids). Stack it closest to the property
 * so that its message comes first; pass `message` for a field-specific wording.
 */
export const IsRequiredField = (options?: ValidationOptions) =>
  ValidateBy(
    { name: 'isRequiredField', validator: { validate: (value) => !isMissingValue(value) } },
    { message: FORM_FIELD_MESSAGES.required, ...options },
  );
