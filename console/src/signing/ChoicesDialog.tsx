import type { EsignField } from '@app/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { SIGNING_LABELS as L } from './messages';
import { labelOf } from './values';

/** A 'multiple' field's options as checkboxes; Apply keeps them in the options' order. Full screen on a phone. */
export const ChoicesDialog = ({
  field,
  value,
  onApply,
  onClose,
}: {
  field: EsignField;
  value: readonly string[];
  onApply: (value: string[]) => void;
  onClose: () => void;
}) => {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(value));
  const toggle = (option: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(option);
      else next.delete(option);
      return next;
    });
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="choices-dialog">
      <DialogTitle id={titleId}>{labelOf(field)}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1 }}>{field.description || L.chooseAny}</DialogContentText>
        <FormGroup>
          {field.options.map((option) => (
            <FormControlLabel
              key={option.uuid}
              sx={{ minHeight: 44 }}
              control={
                <Checkbox
                  checked={chosen.has(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                  slotProps={{ input: { 'data-testid': `choice-${option.uuid}` } as React.InputHTMLAttributes<HTMLInputElement> }}
                />
              }
              label={option.value}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, '& .MuiButton-root': { minHeight: 44 } }}>
        <Button onClick={onClose}>{L.cancel}</Button>
        <Button
          variant="contained"
          data-testid="choices-apply"
          onClick={() => onApply(field.options.map((option) => option.value).filter((option) => chosen.has(option)))}
        >
          {L.apply}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
