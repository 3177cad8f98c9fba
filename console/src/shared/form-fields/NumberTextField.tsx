import TextField from '@mui/material/TextField';
import { useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { UseInputValue } from 'react-admin';
import { helperOf, labelOf, shownError, useValidateField } from './fieldParts';

// The one text box behind the number inputs (whole number, currency, percent): while focused it shows
// what the user types, otherwise the formatted number; the form value is always a number or null.

export interface NumberTextFieldProps {
  input: UseInputValue;
  source: string;
  label?: ReactNode | false;
  helperText?: ReactNode | false;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  fullWidth?: boolean;
  inputMode: 'numeric' | 'decimal';
  /** Whether a text may stand while typing (a refused keystroke leaves the text as it was). */
  isDraft: (text: string) => boolean;
  /** The number a text means (null for none). */
  parse: (text: string) => number | null;
  /** The text shown when the field is not focused. */
  display: (value: number) => string;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Handles a paste itself when it returns a number or null; undefined lets the browser paste. */
  parsePaste?: (text: string) => number | null | undefined;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
}

const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : value === null || value === undefined || value === ''
      ? null
      : Number.isFinite(Number(value))
        ? Number(value)
        : null;

export const NumberTextField = (props: NumberTextFieldProps) => {
  const { input, isDraft, parse, display, parsePaste } = props;
  const { id, field, isRequired } = input;
  const validateField = useValidateField();
  const value = asNumber(field.value);
  // The typed text while the field has focus; null when it shows the formatted value.
  const [draft, setDraft] = useState<string | null>(null);
  const error = shownError(input);
  const text = draft ?? (value === null ? '' : display(value));
  // Focus swaps the formatted text for the plain number, which loses the selection: select it again
  // before the browser paints, so that typing over a focused amount replaces it instead of appending.
  const element = useRef<HTMLInputElement | null>(null);
  const selectAfterSwap = useRef(false);
  useLayoutEffect(() => {
    if (!selectAfterSwap.current) return;
    selectAfterSwap.current = false;
    element.current?.select();
  }, [draft]);

  const change = (next: string) => {
    if (!isDraft(next)) return;
    setDraft(next);
    field.onChange(parse(next));
  };

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={(node: HTMLInputElement | null) => {
        element.current = node;
        field.ref(node);
      }}
      value={text}
      label={labelOf({ label: props.label, source: props.source, isRequired })}
      placeholder={props.placeholder}
      error={!!error}
      helperText={helperOf(error, props.helperText)}
      disabled={props.disabled}
      fullWidth={props.fullWidth ?? true}
      margin="dense"
      onFocus={() => {
        selectAfterSwap.current = true;
        setDraft(value === null ? '' : String(value));
      }}
      onBlur={() => {
        setDraft(null);
        field.onBlur();
        validateField(field.name);
      }}
      onChange={(event) => change(event.target.value)}
      onKeyDown={props.onKeyDown}
      onPaste={(event: ClipboardEvent<HTMLDivElement>) => {
        if (!parsePaste) return;
        const pasted = parsePaste(event.clipboardData.getData('text'));
        if (pasted === undefined) return;
        event.preventDefault();
        setDraft(pasted === null ? '' : String(pasted));
        field.onChange(pasted);
      }}
      slotProps={{
        htmlInput: { inputMode: props.inputMode, readOnly: props.readOnly },
        input: { startAdornment: props.startAdornment, endAdornment: props.endAdornment },
      }}
    />
  );
};
