import { applyDecorators } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { FORM_FIELD_MESSAGES } from '@app/contracts';

/** Options every form-field decorator takes. */
export interface FormFieldOptions {
  /**
   * true (the default): missing, null, '' and only-spaces values are refused with `requiredMessage`.
   * false: a missing value stays missing, and null, '' or spaces arrive as null (the field is cleared).
   */
  required?: boolean;
  /** Replaces 'This field is required' (spec 002 has field-specific wordings such as 'Email is required'). */
  requiredMessage?: string;
  /** Replaces the field's invalid-value message (e.g. ESIGN_FIELD_MESSAGES.invalidEmail). */
  message?: string;
}

/** A value the transform could not read: it always fails validation (so raw input never passes as normalised). */
export class UnreadableFieldValue {
  constructor(readonly raw: unknown) {}
}

/** Missing, null, or a string of only spaces. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export interface FormFieldDefinition {
  /** class-validator constraint name. */
  name: string;
  options: FormFieldOptions;
  /** Message when the value is present but invalid (and `check` gives none of its own). */
  invalidMessage: string;
  /** Turns an accepted input into its stored form; returns anything else unchanged (or UnreadableFieldValue). */
  normalize?: (value: unknown) => unknown;
  /** null when the (normalised) value is valid, else the message to show. */
  check: (value: unknown) => string | null;
  /** Whether a value counts as missing (default isBlank). */
  blank?: (value: unknown) => boolean;
  api?: ApiPropertyOptions;
}

/**
 * Builds a form-field decorator: one Transform (normalise, blanks to null when optional) and one
 * class-validator constraint whose message is the required or the invalid wording, plus the
 * OpenAPI property. Neither part throws, whatever JSON value arrives.
 */
export function formField(definition: FormFieldDefinition): PropertyDecorator {
  const { name, options, normalize, check } = definition;
  const required = options.required ?? true;
  const requiredMessage = options.requiredMessage ?? FORM_FIELD_MESSAGES.required;
  const blank = definition.blank ?? isBlank;
  const problem = (value: unknown): string | null => {
    if (value instanceof UnreadableFieldValue) return options.message ?? definition.invalidMessage;
    try {
      const own = check(value);
      return own === null ? null : (options.message ?? own);
    } catch {
      // A check that throws on some exotic input must still answer 400, never 500.
      return options.message ?? definition.invalidMessage;
    }
  };
  const isBlankSafe = (value: unknown) => {
    try {
      return blank(value);
    } catch {
      return false;
    }
  };
  return applyDecorators(
    Transform(({ value }) => {
      if (isBlankSafe(value)) return required || value === undefined ? value : null;
      if (!normalize) return value;
      try {
        return normalize(value);
      } catch {
        return new UnreadableFieldValue(value);
      }
    }),
    ValidateBy(
      {
        name,
        validator: {
          validate: (value) => (isBlankSafe(value) ? !required : problem(value) === null),
        },
      },
      { message: ({ value }) => (isBlankSafe(value) ? requiredMessage : (problem(value) ?? definition.invalidMessage)) },
    ),
    ApiProperty({ ...definition.api, required, nullable: !required } as ApiPropertyOptions),
  );
}
