import BusinessIcon from '@mui/icons-material/Business';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNotify } from 'react-admin';
import { teamAdminApi } from '..';
import { messageOf } from '../../shared/forms/fieldErrors';
import { DeleteConfirm } from '../../shared/dialogs/DeleteConfirm';
import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS, COMMON_MESSAGES, TEAM_SETUP_MESSAGES } from '../messages';
import { logoFileProblem } from './teamSettingsRules';

const L = ADMIN_TEAM_LABELS;

/**
 * Team logo: pick a file -> checked here (image, at most 10 MB) -> POST /admin/team/logo {name, type}
 * -> PUT the file to the answer's url (no Authorization header) -> confirm -> show the signed URL and
 * say 'Logo has been updated'. Every failure says the spec's 'Image failed to upload. Please try again'.
 */
export const TeamLogoUpload = ({ initialUrl }: { initialUrl: string | null }) => {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(initialUrl);
  const [busy, setBusy] = useState<'upload' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [broken, setBroken] = useState(false);

  const failed = () => notify(ADMIN_MESSAGES.logoUploadFailed, { type: 'error' });

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Picking the same file again must fire a change.
    event.target.value = '';
    if (!file) return;
    if (logoFileProblem(file)) {
      failed();
      return;
    }
    setBusy('upload');
    try {
      const shown = await teamAdminApi.uploadLogo(file);
      setBroken(false);
      setUrl(shown ?? URL.createObjectURL(file));
      notify(TEAM_SETUP_MESSAGES.logoUpdated, { type: 'success' });
    } catch {
      failed();
    } finally {
      setBusy(null);
    }
  };

  const handleDelete = async () => {
    setBusy('delete');
    try {
      await teamAdminApi.deleteLogo();
      setUrl(null);
      setBroken(false);
      notify(ADMIN_MESSAGES.logoDeleted, { type: 'success' });
    } catch (error) {
      notify(messageOf(error, COMMON_MESSAGES.serverError), { type: 'error' });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const hasLogo = !!url && !broken;

  return (
    <Box data-testid="team-logo" sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: 200,
          height: 100,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'action.hover',
          overflow: 'hidden',
          flexShrink: 0,
        }}
      >
        {hasLogo ? (
          <Box
            component="img"
            src={url}
            alt={L.teamLogo}
            data-testid="team-logo-image"
            onError={() => setBroken(true)}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Box data-testid="team-logo-empty" sx={{ textAlign: 'center', color: 'text.secondary' }}>
            <BusinessIcon fontSize="large" />
            <Typography variant="caption" component="div">
              {L.noLogo}
            </Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        <input ref={input} type="file" accept="image/*" hidden onChange={(event) => void handleFile(event)} data-testid="team-logo-input" />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            onClick={() => input.current?.click()}
            disabled={busy !== null}
            data-testid="team-logo-upload"
            startIcon={busy === 'upload' ? <CircularProgress size={16} color="inherit" /> : <UploadIcon />}
          >
            {busy === 'upload' ? L.uploadingLogo : hasLogo ? L.replaceLogo : L.uploadLogo}
          </Button>
          {url && (
            <Button
              color="error"
              onClick={() => setConfirming(true)}
              disabled={busy !== null}
              data-testid="team-logo-delete"
              startIcon={<DeleteIcon />}
            >
              {L.deleteLogo}
            </Button>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {L.logoHint}
        </Typography>
      </Box>
      <DeleteConfirm
        open={confirming}
        title={L.deleteLogoTitle}
        loading={busy === 'delete'}
        onConfirm={() => void handleDelete()}
        onClose={() => setConfirming(false)}
        testId="team-logo-delete-confirm"
      />
    </Box>
  );
};
