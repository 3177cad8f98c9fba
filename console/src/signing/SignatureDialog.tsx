import { ESIGN_SIGNATURE_IMAGE_MAX_LENGTH, type EsignSignatureValue } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState } from 'react';
import SignatureCanvasExport from 'react-signature-canvas';
import { SIGNING_LABELS as L } from './messages';
import { SignatureImage } from './SignatureImage';
import { initialsOf } from './values';

// The package is a UMD build: bundlers hand over either the class or its CommonJS wrapper ({ default }).
const SignatureCanvas: typeof SignatureCanvasExport =
  (SignatureCanvasExport as unknown as { default?: typeof SignatureCanvasExport }).default ?? SignatureCanvasExport;
type SignatureCanvas = SignatureCanvasExport;

/** Longest typed signature or initials (the value rules refuse longer). */
export const TYPED_SIGNATURE_MAX_LENGTH = 100;

type Method = 'draw' | 'type';

export interface SignatureDialogProps {
  kind: 'signature' | 'initials';
  /** The field's words, for the dialog's accessible description. */
  label: string;
  /** The field's value so far. */
  value: EsignSignatureValue | null;
  /** The signer's last signature (or initials) on another field, offered again. */
  previous: EsignSignatureValue | null;
  signerName: string;
  onApply: (value: EsignSignatureValue) => void;
  onClose: () => void;
}

/**
 * A signature or initials: drawn (react-signature-canvas; the trimmed drawing as a PNG data URL) or
 * typed (previewed in a script face). Full screen on a phone. Mounted while open: each opening starts
 * afresh from the field's value.
 */
export const SignatureDialog = ({ kind, label, value, previous, signerName, onApply, onClose }: SignatureDialogProps) => {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const initials = kind === 'initials';
  const [method, setMethod] = useState<Method>(value?.kind === 'typed' ? 'type' : 'draw');
  const [text, setText] = useState(value?.kind === 'typed' ? value.text : initials ? initialsOf(signerName) : signerName);
  const [error, setError] = useState<string | null>(null);
  const pad = useRef<SignatureCanvas | null>(null);

  const clear = () => {
    setError(null);
    if (method === 'draw') pad.current?.clear();
    else setText('');
  };

  const apply = () => {
    if (method === 'type') {
      const typed = text.trim();
      if (typed === '') return setError(L.typeFirst);
      return onApply({ kind: 'typed', text: typed });
    }
    const canvas = pad.current;
    if (!canvas || canvas.isEmpty()) return setError(L.drawFirst);
    const image = canvas.getTrimmedCanvas().toDataURL('image/png');
    if (image.length > ESIGN_SIGNATURE_IMAGE_MAX_LENGTH) return setError(L.drawingTooLarge);
    return onApply({ kind: 'drawn', image });
  };

  const canvasHeight = fullScreen ? 240 : initials ? 160 : 200;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId} data-testid="signature-dialog">
      <DialogTitle id={titleId}>{initials ? L.initialsTitle : L.signatureTitle}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {label}
        </Typography>
        {previous && !value && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Box
              sx={{
                flex: 1,
                height: 56,
                bgcolor: '#fff',
                color: '#0d2a6b',
                display: 'flex',
                alignItems: 'center',
                px: 1,
                overflow: 'hidden',
              }}
            >
              <SignatureImage value={previous} label={label} fontSize={28} />
            </Box>
            <Button variant="outlined" onClick={() => onApply(previous)} data-testid="signature-reuse" sx={{ minHeight: 44 }}>
              {L.useSame}
            </Button>
          </Box>
        )}
        <Tabs
          value={method}
          onChange={(_event, next: Method) => {
            setMethod(next);
            setError(null);
          }}
          variant="fullWidth"
          sx={{ mb: 2 }}
        >
          <Tab value="draw" label={L.draw} data-testid="signature-draw-tab" />
          <Tab value="type" label={L.type} data-testid="signature-type-tab" />
        </Tabs>
        {method === 'draw' ? (
          <Box>
            <Typography variant="body2" color="text.secondary" id={`${titleId}-hint`} sx={{ mb: 1 }}>
              {L.drawHint}
            </Typography>
            <Box
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
                overflow: 'hidden',
                '& canvas': { display: 'block', width: '100%', height: canvasHeight, touchAction: 'none', cursor: 'crosshair' },
              }}
            >
              <SignatureCanvas
                ref={pad}
                penColor="#0d2a6b"
                onBegin={() => setError(null)}
                canvasProps={{
                  role: 'img',
                  'aria-label': initials ? L.drawInitials : L.drawSignature,
                  'aria-describedby': `${titleId}-hint`,
                  'data-testid': 'signature-canvas',
                }}
              />
            </Box>
          </Box>
        ) : (
          <Box>
            <TextField
              label={initials ? L.typeInitials : L.typeSignature}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
              fullWidth
              autoFocus
              slotProps={{
                htmlInput: { maxLength: TYPED_SIGNATURE_MAX_LENGTH, 'data-testid': 'signature-typed-input', autoComplete: 'off' },
              }}
            />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
              {L.preview}
            </Typography>
            <Box
              data-testid="signature-typed-preview"
              sx={{
                minHeight: 80,
                bgcolor: '#fff',
                color: '#0d2a6b',
                borderBottom: 1,
                borderColor: 'divider',
                display: 'flex',
                alignItems: 'center',
                px: 1,
                overflow: 'hidden',
              }}
            >
              {text.trim() && <SignatureImage value={{ kind: 'typed', text }} label={label} fontSize={initials ? 36 : 44} />}
            </Box>
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="signature-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, '& .MuiButton-root': { minHeight: 44 } }}>
        <Button onClick={clear} data-testid="signature-clear" sx={{ mr: 'auto' }}>
          {L.clear}
        </Button>
        <Button onClick={onClose}>{L.cancel}</Button>
        <Button variant="contained" onClick={apply} data-testid="signature-apply">
          {L.apply}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
