import { ESIGN_NAME_MAX_LENGTH } from '@app/contracts';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BUILDER_LABELS as L, BUILDER_MESSAGES as M } from './messages';

/** What a typed name says before it is sent: nothing when it may go, else the message. */
export function nameProblem(name: string): string | undefined {
  if (!name.trim()) return M.required;
  if (name.trim().length > ESIGN_NAME_MAX_LENGTH) return M.nameTooLong;
  return undefined;
}

/**
 * The template's name, editable in place (spec 002 section 4): it reads as a heading and shows its box on
 * hover or focus; Enter or the check button saves it (the page also saves it on a dropdown change).
 */
export const TemplateNameEditor = ({
  value,
  saved,
  error,
  onChange,
  onSave,
}: {
  value: string;
  saved: string;
  error?: string;
  onChange: (value: string) => void;
  onSave: () => void;
}) => {
  const dirty = value !== saved;
  return (
    <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <InputBase
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onSave();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onChange(saved);
            }
          }}
          inputProps={{ 'aria-label': L.templateName, maxLength: ESIGN_NAME_MAX_LENGTH + 1, 'data-testid': 'builder-template-name' }}
          sx={{
            flex: 1,
            minWidth: 0,
            typography: 'h6',
            px: 1,
            borderRadius: 1,
            border: 1,
            borderColor: error ? 'error.main' : dirty ? 'primary.main' : 'transparent',
            '&:hover, &.Mui-focused': { borderColor: error ? 'error.main' : 'primary.main' },
          }}
        />
        <Tooltip title={L.saveName} describeChild>
          <span>
            <IconButton
              aria-label={L.saveName}
              color="primary"
              size="small"
              onClick={onSave}
              disabled={!dirty}
              data-testid="builder-template-name-save"
              // Shown while the name differs from the saved one, or on hover of the name.
              sx={{ visibility: dirty ? 'visible' : 'hidden' }}
            >
              <CheckIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {error && (
        <Typography variant="caption" color="error" role="alert" data-testid="builder-template-name-error" sx={{ px: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
};
