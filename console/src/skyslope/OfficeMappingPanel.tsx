import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { SectionCard } from '../shared/page/PageFrame';
import { COMMON_MESSAGES } from '../admin-team/messages';
import { authClient } from '../auth';
import { skyslopeApi } from '.';
import { serverMessageOf } from './errors';
import { SKYSLOPE_LABELS as L, SKYSLOPE_MESSAGES as M } from './messages';

/** Office Mapping: SkySlope's offices in a dropdown, saved on change. A failed load is only logged. */
export const OfficeMappingPanel = () => {
  const notify = useNotify();
  const [offices, setOffices] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState('');
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    skyslopeApi
      .getOffices(authClient.getSession()?.user.team?.team_id)
      .then((answer) => {
        if (cancelled) return;
        setOffices(answer?.skyslope_offices ?? {});
        setSelected(answer?.skyslope_guid ?? '');
      })
      .catch((error: unknown) => console.warn('SkySlope offices could not be loaded', error))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);

  const choose = async (guid: string) => {
    if (!guid || guid === selected) return;
    const before = selected;
    setSelected(guid);
    setSaving(true);
    try {
      await skyslopeApi.saveOffice(guid);
      notify(M.officeUpdated, { type: 'success' });
    } catch (error) {
      setSelected(before);
      notify(serverMessageOf(error, COMMON_MESSAGES.serverError), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const entries = Object.entries(offices);
  return (
    <SectionCard title={L.officeMapping} testId="skyslope-office-mapping">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {L.officeMappingIntro}
      </Typography>
      {loading ? (
        <Skeleton height={56} data-testid="skyslope-offices-loading" />
      ) : (
        <TextField
          select
          fullWidth
          size="small"
          margin="dense"
          label={L.office}
          // A saved guid SkySlope no longer lists shows as nothing chosen.
          value={selected in offices ? selected : ''}
          onChange={(event) => void choose(event.target.value)}
          disabled={saving || entries.length === 0}
          helperText={entries.length === 0 ? L.noOffices : undefined}
          slotProps={{ select: { 'data-testid': 'skyslope-office' } as object }}
        >
          {entries.map(([guid, name]) => (
            <MenuItem key={guid} value={guid}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </SectionCard>
  );
};
