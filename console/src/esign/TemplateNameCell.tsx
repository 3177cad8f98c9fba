import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { ESIGN_MESSAGES, ESIGN_NAME_MAX_LENGTH } from '@app/contracts';
import { ESIGN_TEMPLATE_LABELS as L, rowAction } from './messages';

/** What a rename answers: nothing when saved, else the message to show under the name. */
export type RenameResult = string | undefined;

/**
 * A template's name, editable in place (spec 002 sections 2.4 and 4): the pencil shows on hover or focus
 * (always on a touch screen); Enter or the check button saves, Escape or the cross leaves it as it was.
 * A blank name says 'This field is required' and sends nothing; the server's field error shows under it.
 */
export const TemplateNameCell = ({
  templateId,
  name,
  onRename,
}: {
  templateId: number;
  name: string;
  onRename: (name: string) => Promise<RenameResult>;
}) => {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const start = () => {
    setDraft(name);
    setError(undefined);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError(undefined);
  };
  const save = async () => {
    if (saving) return;
    const text = draft.trim();
    if (!text) {
      setError(ESIGN_MESSAGES.required);
      return;
    }
    if (text.length > ESIGN_NAME_MAX_LENGTH) {
      setError(ESIGN_MESSAGES.nameTooLong);
      return;
    }
    if (text === name) {
      cancel();
      return;
    }
    setSaving(true);
    const result = await onRename(text);
    setSaving(false);
    if (result) setError(result);
    else cancel();
  };

  if (!editing) {
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          minWidth: 0,
          // The pencil shows on hover and focus; a screen without hover always shows it.
          '& .esign-rename': { opacity: 0, transition: 'opacity 120ms' },
          '&:hover .esign-rename, & .esign-rename:focus-visible, & .esign-rename.Mui-focusVisible': { opacity: 1 },
          '@media (hover: none)': { '& .esign-rename': { opacity: 1 } },
        }}
        data-testid={`esign-template-name-${templateId}`}
      >
        <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'normal' }} data-testid="esign-template-name-text">
          {name}
        </Box>
        <Tooltip title={L.rename}>
          <IconButton
            className="esign-rename"
            size="small"
            aria-label={rowAction(L.rename, name)}
            onClick={start}
            data-testid={`esign-template-rename-${templateId}`}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    );
  }

  return (
    <Box
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, minWidth: { xs: 0, sm: 240 } }}
      data-testid={`esign-template-name-editor-${templateId}`}
    >
      <TextField
        size="small"
        value={draft}
        autoFocus
        disabled={saving}
        error={!!error}
        helperText={error}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
        }}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          htmlInput: {
            'aria-label': L.templateName,
            maxLength: ESIGN_NAME_MAX_LENGTH + 1,
            'data-testid': `esign-template-name-input-${templateId}`,
          },
          formHelperText: { 'data-testid': `esign-template-name-error-${templateId}` } as object,
        }}
      />
      <Tooltip title={L.saveName}>
        <span>
          <IconButton
            size="small"
            color="primary"
            aria-label={L.saveName}
            onClick={() => void save()}
            disabled={saving}
            data-testid={`esign-template-name-save-${templateId}`}
          >
            <CheckIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={L.cancelRename}>
        <IconButton size="small" aria-label={L.cancelRename} onClick={cancel} data-testid={`esign-template-name-cancel-${templateId}`}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
};
