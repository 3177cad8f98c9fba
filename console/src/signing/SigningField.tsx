import { ESIGN_VALUE_MAX_LENGTH, type EsignField, type EsignFieldArea, type EsignSignatureValue, esignDateFormatOf } from '@app/contracts';
import Box from '@mui/material/Box';
import { memo, useState, type CSSProperties } from 'react';
import { formatCurrency, maskPhone } from '../shared/form-fields/rules';
import { SIGNING_LABELS as L } from './messages';
import { SignatureImage } from './SignatureImage';
import { draftError, isAmountField, labelOf, valueOfDraft, type Draft, type ValueDisplay } from './values';

// A field over its area of the page: the signer's own input (first area) or a value shown read-only
// (others' values, the signer's read-only fields, and the further areas of a field, which mirror it).

/** Smallest touch target around a field, in CSS pixels (a field's box on a phone's page is often smaller). */
const TOUCH_TARGET = 44;
/** Colours over the white PDF page, the same in the light and dark themes. */
const INK = '#111827';
const COLOURS = {
  todo: { border: '#b26a00', background: 'rgba(242, 169, 59, 0.28)' },
  filled: { border: '#1f4e79', background: 'rgba(31, 78, 121, 0.10)' },
  invalid: { border: '#c62828', background: 'rgba(198, 40, 40, 0.10)' },
  readOnly: { border: 'transparent', background: 'transparent' },
  ownReadOnly: { border: 'rgba(31, 78, 121, 0.35)', background: 'rgba(31, 78, 121, 0.06)' },
};

/** What a phone input keeps of what is typed or pasted: 10 digits, a leading US country code dropped. */
export function phoneDraftOf(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return (digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
}

/** Where an area sits on its page (fractions of the page as percentages). */
const placeOf = (area: EsignFieldArea): CSSProperties => ({
  position: 'absolute',
  left: `${area.x * 100}%`,
  top: `${area.y * 100}%`,
  width: `${area.w * 100}%`,
  height: `${area.h * 100}%`,
});

/** The field's text size on the page: its font size (points, default 12) scaled, kept inside its box. */
export function fontSizeOf(field: EsignField, area: EsignFieldArea, scale: number, pageHeight: number): number {
  const wanted = (field.preferences?.font_size ?? 12) * scale;
  const boxHeight = area.h * pageHeight;
  return Math.max(8, Math.min(wanted, boxHeight * 0.75));
}

/** Where a field's box goes: its area, the page's CSS pixels per PDF point and its height on screen. */
export interface FieldGeometry {
  area: EsignFieldArea;
  /** CSS pixels per PDF point of the page. */
  scale: number;
  /** The page's height in CSS pixels. */
  pageHeight: number;
}

const DisplayContent = ({
  field,
  display,
  fontSize,
  boxHeight,
}: {
  field: EsignField;
  display: ValueDisplay;
  fontSize: number;
  boxHeight: number;
}) => {
  const label = labelOf(field);
  switch (display.kind) {
    case 'strike':
      return <Box aria-hidden sx={{ position: 'absolute', left: 0, right: 0, top: '50%', height: 2, mt: '-1px', bgcolor: INK }} />;
    case 'check':
      return (
        <Box
          component="span"
          role="img"
          aria-label={L.checked(label)}
          sx={{ fontSize: Math.max(fontSize, boxHeight * 0.8), lineHeight: 1, mx: 'auto' }}
        >
          ✓
        </Box>
      );
    case 'signature':
      return <SignatureImage value={display.value} label={L.signatureOf(label)} fontSize={Math.max(10, boxHeight * 0.7)} />;
    default:
      return (
        <Box component="span" sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {display.text}
        </Box>
      );
  }
};

/** A value shown over its area, read-only. `testId` only on a field's first area (ids stay unique). */
export const FieldValue = memo(function FieldValue({
  field,
  area,
  scale,
  pageHeight,
  display,
  own,
  testId,
}: FieldGeometry & {
  field: EsignField;
  display: ValueDisplay | null;
  /** The signer's own read-only field (the signing date): outlined as theirs. */
  own: boolean;
  testId?: string;
}) {
  if (!display && !own) return null;
  const fontSize = fontSizeOf(field, area, scale, pageHeight);
  const colours = own ? COLOURS.ownReadOnly : COLOURS.readOnly;
  return (
    <Box
      data-testid={testId}
      data-readonly="true"
      title={field.description ?? undefined}
      style={placeOf(area)}
      sx={{
        display: 'flex',
        alignItems: 'center',
        overflow: 'hidden',
        color: INK,
        fontSize,
        px: '2px',
        border: 1,
        borderColor: colours.border,
        bgcolor: colours.background,
        zIndex: 1,
      }}
    >
      {display && <DisplayContent field={field} display={display} fontSize={fontSize} boxHeight={area.h * pageHeight} />}
    </Box>
  );
});

export interface FieldInputProps extends FieldGeometry {
  field: EsignField;
  draft: Draft;
  /** The message to show under the field (touched, submitted or the server's), or null. */
  error: string | null;
  active: boolean;
  onDraft: (uuid: string, draft: Draft) => void;
  onTouched: (uuid: string) => void;
  onFocusField: (uuid: string) => void;
  /** Signature, initials and multiple open their dialog. */
  onOpen: (field: EsignField) => void;
  register: (uuid: string, element: HTMLElement | null) => void;
}

const controlSx = {
  width: '100%',
  height: '100%',
  minWidth: 0,
  border: 0,
  m: 0,
  px: '2px',
  py: 0,
  background: 'transparent',
  color: INK,
  font: 'inherit',
  outline: 'none',
  textAlign: 'left',
} as const;

/** The signer's own input over the field's first area. */
export const FieldInput = memo(function FieldInput({
  field,
  area,
  scale,
  pageHeight,
  draft,
  error,
  active,
  onDraft,
  onTouched,
  onFocusField,
  onOpen,
  register,
}: FieldInputProps) {
  const [focused, setFocused] = useState(false);
  const fontSize = fontSizeOf(field, area, scale, pageHeight);
  const boxHeight = area.h * pageHeight;
  const label = labelOf(field);
  const errorId = `signing-error-${field.uuid}`;
  const valid = draftError(field, draft) === null;
  const empty = draft === null || draft === '' || draft === false || (Array.isArray(draft) && draft.length === 0);
  const colours = error ? COLOURS.invalid : empty ? (field.required ? COLOURS.todo : COLOURS.filled) : COLOURS.filled;
  const set = (next: Draft) => onDraft(field.uuid, next);
  const opensDialog = field.type === 'signature' || field.type === 'initials' || field.type === 'multiple';
  const common = {
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required || undefined,
    ref: (element: HTMLElement | null) => register(field.uuid, element),
    onFocus: () => {
      setFocused(true);
      onFocusField(field.uuid);
    },
    onBlur: () => {
      setFocused(false);
      // A field filled in a dialog counts as touched when its dialog closes, not when the dialog takes the focus.
      if (!opensDialog) onTouched(field.uuid);
    },
  };

  // A button's name holds its visible text too ('Buyer signature: Sign'); aria-required is for inputs only.
  const buttonName = (shown: string | null) => ({ 'aria-label': shown ? L.buttonName(label, shown) : label, 'aria-required': undefined });

  let control;
  switch (field.type) {
    case 'checkbox':
      control = (
        <Box
          component="input"
          type="checkbox"
          {...common}
          checked={draft === true}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => set(event.target.checked)}
          sx={{ width: '100%', height: '100%', m: 0, accentColor: '#1f4e79', cursor: 'pointer' }}
        />
      );
      break;
    case 'select':
    case 'radio':
      control = (
        <Box
          component="select"
          {...common}
          value={typeof draft === 'string' ? draft : ''}
          onChange={(event: React.ChangeEvent<HTMLSelectElement>) => set(event.target.value)}
          sx={{ ...controlSx, cursor: 'pointer' }}
        >
          <option value="">{L.choose}</option>
          {field.options.map((option) => (
            <option key={option.uuid} value={option.value}>
              {option.value}
            </option>
          ))}
        </Box>
      );
      break;
    case 'multiple': {
      const chosen = Array.isArray(draft) ? draft : [];
      const shown = chosen.length > 0 ? chosen.join(', ') : L.choose;
      control = (
        <Box
          component="button"
          type="button"
          {...common}
          {...buttonName(shown)}
          onClick={() => onOpen(field)}
          sx={{ ...controlSx, cursor: 'pointer', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {shown}
        </Box>
      );
      break;
    }
    case 'signature':
    case 'initials': {
      const signature = draft && typeof draft === 'object' && !Array.isArray(draft) ? (draft as EsignSignatureValue) : null;
      const shown = signature ? (signature.kind === 'typed' ? signature.text : null) : field.type === 'initials' ? L.initial : L.sign;
      control = (
        <Box
          component="button"
          type="button"
          {...common}
          {...buttonName(shown)}
          onClick={() => onOpen(field)}
          sx={{
            ...controlSx,
            cursor: 'pointer',
            display: 'flex',
            alignItems: 'center',
            justifyContent: signature ? 'flex-start' : 'center',
            overflow: 'hidden',
            fontWeight: signature ? 400 : 600,
          }}
        >
          {signature ? <SignatureImage value={signature} label={L.signatureOf(label)} fontSize={Math.max(10, boxHeight * 0.7)} /> : shown}
        </Box>
      );
      break;
    }
    default: {
      // text, number, phone, date: typed on the page.
      const text = typeof draft === 'string' ? draft : '';
      const amount = isAmountField(field);
      let shown = text;
      if (field.type === 'phone') shown = maskPhone(text);
      else if (amount && !focused && text.trim() !== '' && valid) shown = formatCurrency(Number(valueOfDraft(field, text)));
      const placeholder = amount ? '$0.00' : field.type === 'date' ? esignDateFormatOf(field.preferences?.format) : label;
      control = (
        <Box
          component="input"
          type="text"
          {...common}
          value={shown}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={field.type === 'phone' ? 20 : ESIGN_VALUE_MAX_LENGTH}
          inputMode={field.type === 'number' ? 'decimal' : field.type === 'phone' ? 'tel' : undefined}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
            const typed = event.target.value;
            set(field.type === 'phone' ? phoneDraftOf(typed) : typed);
          }}
          sx={{ ...controlSx, '&::placeholder': { color: '#5f6b7a', opacity: 1 } }}
        />
      );
    }
  }

  return (
    <>
      <Box
        component="label"
        data-testid={`signing-field-${field.uuid}`}
        data-field-type={field.type}
        data-required={field.required ? 'true' : undefined}
        data-filled={empty ? undefined : 'true'}
        data-invalid={error ? 'true' : undefined}
        data-active={active ? 'true' : undefined}
        title={field.description ?? undefined}
        style={placeOf(area)}
        sx={{
          display: 'flex',
          alignItems: 'center',
          color: INK,
          fontSize,
          border: 1.5,
          borderStyle: 'solid',
          borderColor: colours.border,
          bgcolor: colours.background,
          outline: active ? '2px solid #1f4e79' : 'none',
          outlineOffset: 1,
          zIndex: active ? 3 : 2,
          '&:focus-within': { outline: '2px solid #1f4e79', zIndex: 3 },
          // The touch target: at least 44 px around the box, whatever the page's scale.
          '&::before': {
            content: '""',
            position: 'absolute',
            left: '50%',
            top: '50%',
            width: `max(100%, ${TOUCH_TARGET}px)`,
            height: `max(100%, ${TOUCH_TARGET}px)`,
            transform: 'translate(-50%, -50%)',
          },
          '& > *': { position: 'relative' },
        }}
      >
        {control}
      </Box>
      {error && (
        <Box
          id={errorId}
          data-testid={`signing-field-error-${field.uuid}`}
          style={{
            position: 'absolute',
            left: `${area.x * 100}%`,
            top: `${(area.y + area.h) * 100}%`,
            maxWidth: `${Math.max(area.w, 0.35) * 100}%`,
          }}
          sx={{
            mt: '2px',
            px: 0.5,
            py: '1px',
            fontSize: 12,
            lineHeight: 1.3,
            color: '#fff',
            bgcolor: '#b71c1c',
            borderRadius: 0.5,
            zIndex: active ? 6 : 4,
            pointerEvents: 'none',
          }}
        >
          {error}
        </Box>
      )}
    </>
  );
});
