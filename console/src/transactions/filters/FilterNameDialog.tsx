import type { SavedFilter } from '@app/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FILTER_LABELS as L, FILTER_MESSAGES as M } from './messages';

/** The spec's name rules (section 5); the server checks them again, and uniqueness. */
export const FILTER_NAME_MAX = 100;

export interface NameDialogResult {
  name: string;
  team: boolean;
  filterId?: number;
}

export interface FilterNameDialogProps {
  mode: 'save' | 'update';
  /** The Team checkbox (ADMIN). */
  showTeam?: boolean;
  /** Update: the filters the caller may change, and the one chosen first. */
  filters?: SavedFilter[];
  initialFilterId?: number;
  busy: boolean;
  onCancel: () => void;
  /** Answers the server's message for the name, if it refused it. */
  onConfirm: (result: NameDialogResult) => Promise<string | undefined>;
}

export const nameError = (name: string): string | undefined =>
  name.trim() === '' ? M.nameRequired : name.trim().length > FILTER_NAME_MAX ? M.nameTooLong : undefined;

/** Save as New (a name, Team for ADMIN) and Update Selected (which filter, its name). */
export const FilterNameDialog = ({ mode, showTeam, filters = [], initialFilterId, busy, onCancel, onConfirm }: FilterNameDialogProps) => {
  const [filterId, setFilterId] = useState<number | undefined>(initialFilterId);
  const nameOf = (id: number | undefined) => filters.find((filter) => filter.filter_id === id)?.filter_name ?? '';
  const [name, setName] = useState(mode === 'update' ? nameOf(initialFilterId) : '');
  const [team, setTeam] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const error = serverError ?? (touched ? nameError(name) : undefined);

  const confirm = async () => {
    setTouched(true);
    if (nameError(name) || (mode === 'update' && filterId === undefined)) return;
    setServerError(await onConfirm({ name: name.trim(), team, filterId }));
  };
  const prefix = mode === 'save' ? 'filter-save' : 'filter-update';
  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullWidth maxWidth="xs" data-testid={`${prefix}-dialog`}>
      <DialogTitle>{mode === 'save' ? L.saveTitle : L.updateTitle}</DialogTitle>
      <DialogContent>
        {mode === 'update' && (
          <TextField
            select
            fullWidth
            margin="dense"
            label={L.filterToUpdate}
            value={filterId ?? ''}
            onChange={(event) => {
              const id = Number(event.target.value);
              setFilterId(id);
              setName(nameOf(id));
              setServerError(undefined);
            }}
            slotProps={{ htmlInput: { 'data-testid': `${prefix}-target` } }}
          >
            {filters.map((filter) => (
              <MenuItem key={filter.filter_id} value={filter.filter_id}>
                {filter.filter_name}
                {filter.owner_type === 'team' ? L.teamSuffix : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={L.name}
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setServerError(undefined);
          }}
          onBlur={() => setTouched(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void confirm();
            }
          }}
          error={!!error}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: FILTER_NAME_MAX + 20, 'data-testid': `${prefix}-name` } }}
        />
        {mode === 'save' && showTeam && (
          <>
            <FormControlLabel
              control={
                <Checkbox
                  checked={team}
                  onChange={(event) => setTeam(event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'filter-save-team' } as object }}
                />
              }
              label={L.team}
            />
            <FormHelperText sx={{ mt: -1 }}>{L.teamHelp}</FormHelperText>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {L.cancel}
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy} data-testid={`${prefix}-confirm`}>
          {mode === 'save' ? L.save : L.update}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
