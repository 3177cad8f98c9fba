import type { ContactMergeConflicts } from '@app/contracts';
import CloseIcon from '@mui/icons-material/Close';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { messageOf } from '../shared/forms/fieldErrors';
import { contactsApi } from '.';
import { initialChoices, mergeFieldsOf, resolutionsOf, type MergeChoices } from './merge';
import { CONTACT_LABELS as L, CONTACT_MESSAGES as M } from './messages';

/**
 * Merge Contacts (spec 001 sections 2, 4, 5 and 8): 80vw, maximizable; per field its label and a radio
 * per contact value, the dynamic fields after. A missing choice shows the error toast and sends nothing.
 * `onClose(merged)`: the list clears its selection and reloads.
 */
export const MergeDialog = ({ contactIds, onClose }: { contactIds: readonly number[]; onClose: (merged: boolean) => void }) => {
  const notify = useNotify();
  const [conflicts, setConflicts] = useState<ContactMergeConflicts | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [choices, setChoices] = useState<MergeChoices>({});
  const [maximized, setMaximized] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    contactsApi.getMergeConflicts(contactIds).then(
      (body) => {
        if (cancelled) return;
        setConflicts(body);
        setChoices(initialChoices(body));
      },
      (error: unknown) => !cancelled && setLoadError(messageOf(error, L.mergeLoadFailed)),
    );
    return () => {
      cancelled = true;
    };
  }, [contactIds]);

  const merge = async () => {
    if (!conflicts) return;
    const resolutions = resolutionsOf(conflicts, choices);
    if (!resolutions) {
      notify(M.mergeSelectAll, { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      await contactsApi.mergeContacts({ contact_ids: conflicts.contacts.map((c) => c.contact_id), resolutions });
      notify(M.merged, { type: 'success' });
      onClose(true);
    } catch (error) {
      notify(messageOf(error, L.mergeLoadFailed), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const nameOf = (contactId: number) => {
    const contact = conflicts?.contacts.find((c) => c.contact_id === contactId);
    return contact ? `${contact.first_name} ${contact.last_name}`.trim() : String(contactId);
  };

  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      fullScreen={maximized}
      maxWidth={false}
      aria-labelledby="merge-dialog-title"
      slotProps={{ paper: { sx: maximized ? {} : { width: '80vw', maxWidth: '80vw' }, 'data-testid': 'merge-dialog' } as object }}
    >
      <DialogTitle id="merge-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1 }}>{L.mergeTitle}</Box>
        <IconButton
          aria-label={maximized ? L.restore : L.maximize}
          onClick={() => setMaximized((value) => !value)}
          data-testid="merge-maximize"
        >
          {maximized ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
        <IconButton aria-label={L.close} onClick={() => onClose(false)}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {loadError && <Alert severity="error">{loadError}</Alert>}
        {!conflicts && !loadError && <CircularProgress aria-label={L.mergeTitle} />}
        {conflicts && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {L.mergeHelp}
            </Typography>
            {mergeFieldsOf(conflicts).map((field) => (
              <FormControl
                key={field.field}
                component="fieldset"
                sx={{ display: 'block', mb: 2 }}
                data-testid={`merge-field-${field.field}`}
              >
                <FormLabel component="legend">{field.label}</FormLabel>
                <RadioGroup
                  row
                  name={field.field}
                  value={choices[field.field] === undefined ? '' : String(choices[field.field])}
                  onChange={(event) => setChoices((current) => ({ ...current, [field.field]: Number(event.target.value) }))}
                >
                  {field.values.map((value) => (
                    <FormControlLabel
                      key={value.contact_id}
                      value={String(value.contact_id)}
                      control={<Radio size="small" />}
                      label={value.value || `(${L.none.toLowerCase()})`}
                      title={nameOf(value.contact_id)}
                      sx={{ minWidth: 0, wordBreak: 'break-word' }}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{L.cancel}</Button>
        <Button variant="contained" onClick={merge} disabled={!conflicts || saving} data-testid="merge-submit">
          {L.merge}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
