import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldTitle, InputHelperText, type UseInputValue, type Validator } from 'react-admin';
import { requiredRule } from './rules';

// Pieces every shared input uses: the rule list, the label, and when an error shows.

/** The validators of an input: required first (when asked), then its own rule, then the caller's. */
export function rulesOf(options: {
  required?: boolean;
  requiredMessage?: string;
  own?: Validator[];
  validate?: Validator | Validator[];
}): Validator[] {
  const extra = options.validate === undefined ? [] : Array.isArray(options.validate) ? options.validate : [options.validate];
  return [...(options.required ? [requiredRule(options.requiredMessage)] : []), ...(options.own ?? []), ...extra];
}

/** The error message to show: once the field is touched or the form was submitted (react-admin's rule). */
export function shownError(input: Pick<UseInputValue, 'fieldState' | 'formState'>): string | undefined {
  const { fieldState, formState } = input;
  return fieldState.invalid && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error?.message : undefined;
}

/** MUI TextField label and helper text as react-admin's own inputs render them (translation, required mark). */
export function labelOf(props: { label?: ReactNode | false; source: string; isRequired: boolean }): ReactNode {
  return props.label === false ? undefined : <FieldTitle label={props.label} source={props.source} isRequired={props.isRequired} />;
}

export function helperOf(error: string | undefined, helperText?: ReactNode | false): ReactNode {
  return <InputHelperText error={error} helperText={helperText} />;
}

/**
 * When the shared inputs of a form show their messages: 'blur' (the spec's default, once a field is
 * touched) or 'submit' (only after a submit attempt: the Vendor Enrollment Form, spec 001 section 5).
 * Wrap a form's inputs in `<FieldMessagesAfterSubmit>` for the latter.
 */
const FieldMessageTiming = createContext<'blur' | 'submit'>('blur');

export const FieldMessagesAfterSubmit = ({ children }: { children: ReactNode }) => (
  <FieldMessageTiming.Provider value="submit">{children}</FieldMessageTiming.Provider>
);

const noCheck = () => undefined;

/**
 * Validates one field now. react-admin forms validate on submit by default; the spec wants messages once
 * a field is touched, so the inputs check themselves on blur (and the web link when its delay ends),
 * unless the form waits for a submit attempt (FieldMessagesAfterSubmit).
 */
export function useValidateField(): (name: string) => void {
  const { trigger } = useFormContext();
  const timing = useContext(FieldMessageTiming);
  const check = useCallback((name: string) => void trigger(name), [trigger]);
  return timing === 'submit' ? noCheck : check;
}
