import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useInput, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { helperOf, shownError } from '../shared/form-fields/fieldParts';
import { ESIGN_TEMPLATE_LABELS as L } from './messages';

/**
 * Add Template's PDF (a react-admin input holding the chosen File): a button that opens the file picker
 * (PDF only), the chosen file's name, and its error under it. `onPicked` lets the form fill the name.
 */
export const PdfFileInput = ({
  source,
  validate,
  disabled,
  onPicked,
}: {
  source: string;
  validate: Validator;
  disabled?: boolean;
  onPicked?: (file: File) => void;
}) => {
  const input = useInput({ source, validate, defaultValue: null });
  const { trigger } = useFormContext();
  const picker = useRef<HTMLInputElement>(null);
  const id = useId();
  const file = input.field.value as File | null;
  const error = shownError(input);
  return (
    <Box sx={{ mb: 2 }} data-testid="esign-template-file">
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        sx={{ display: 'block', mb: 0.5, color: error ? 'error.main' : 'text.secondary' }}
      >
        {L.pdfFile} *
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={disabled}
          onClick={() => picker.current?.click()}
          data-testid="esign-template-file-button"
        >
          {L.chooseFile}
        </Button>
        <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="esign-template-file-name">
          {file ? file.name : L.noFile}
        </Typography>
      </Box>
      <input
        ref={picker}
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        disabled={disabled}
        aria-invalid={!!error}
        data-testid="esign-template-file-input"
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          // The same file picked again after an error still counts as a change.
          event.target.value = '';
          input.field.onChange(picked);
          input.field.onBlur();
          void trigger(source);
          if (picked) onPicked?.(picked);
        }}
      />
      {error && (
        // react-admin's helper text: it reads a validator's message as the spec's words.
        <FormHelperText error component="div" data-testid="esign-template-file-error">
          {helperOf(error)}
        </FormHelperText>
      )}
    </Box>
  );
};
