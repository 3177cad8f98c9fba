import type { SkySlopePreference, SkySlopeSettingsResponse } from '@app/contracts';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { SectionCard } from '../shared/page/PageFrame';
import { COMMON_MESSAGES } from '../admin-team/messages';
import { skyslopeApi } from '.';
import { serverMessageOf } from './errors';
import { SKYSLOPE_LABELS as L, SKYSLOPE_MESSAGES as M, SKYSLOPE_PREFERENCES } from './messages';

// The select's value for null (the transaction's own primary agent): a select cannot hold null.
const SAME_AS_TRANSACTION = '__same__';
const PREFERENCES = Object.keys(SKYSLOPE_PREFERENCES) as SkySlopePreference[];

/** The primary agent selector: the team's users matched in SkySlope, or the transaction's own. */
const PrimaryAgentSelect = () => {
  const notify = useNotify();
  const [agents, setAgents] = useState<{ guid: string; full_name: string }[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    skyslopeApi
      .getPrimaryAgents()
      .then((answer) => {
        if (cancelled) return;
        setAgents(answer?.primary_agents ?? []);
        setSelected(answer?.selected_primary_agent ?? null);
      })
      .catch((error: unknown) => console.warn('SkySlope primary agents could not be loaded', error))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);

  const choose = async (value: string) => {
    const guid = value === SAME_AS_TRANSACTION ? null : value;
    if (guid === selected) return;
    const before = selected;
    setSelected(guid);
    setSaving(true);
    try {
      await skyslopeApi.savePrimaryAgent(guid);
      notify(M.primaryAgentUpdated, { type: 'success' });
    } catch (error) {
      setSelected(before);
      notify(serverMessageOf(error, COMMON_MESSAGES.serverError), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <Skeleton height={56} data-testid="skyslope-primary-agent-loading" />;
  const value = selected && agents.some((agent) => agent.guid === selected) ? selected : SAME_AS_TRANSACTION;
  return (
    <TextField
      select
      fullWidth
      size="small"
      margin="dense"
      label={L.primaryAgent}
      helperText={L.primaryAgentHelp}
      value={value}
      onChange={(event) => void choose(event.target.value)}
      disabled={saving}
      slotProps={{ select: { 'data-testid': 'skyslope-primary-agent' } as object }}
    >
      <MenuItem value={SAME_AS_TRANSACTION}>{M.sameAsTransactionPrimaryAgent}</MenuItem>
      {agents.map((agent) => (
        <MenuItem key={agent.guid} value={agent.guid}>
          {agent.full_name}
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * Preferences: the primary agent and the commission toggles. A toggle is saved through POST
 * /skyslope/settings with the saved keys' masks sent back unchanged (the server keeps the keys).
 */
export const PreferencesPanel = ({
  settings,
  onChange,
}: {
  settings: SkySlopeSettingsResponse;
  onChange: (settings: SkySlopeSettingsResponse) => void;
}) => {
  const notify = useNotify();
  const [saving, setSaving] = useState<SkySlopePreference | null>(null);

  const withPreference = (current: SkySlopeSettingsResponse, key: SkySlopePreference, value: boolean): SkySlopeSettingsResponse => ({
    ...current,
    commission: { ...current.commission, [key]: { label: current.commission[key]?.label ?? SKYSLOPE_PREFERENCES[key], value } },
  });

  const toggle = async (key: SkySlopePreference, value: boolean) => {
    const before = settings;
    onChange(withPreference(settings, key, value));
    setSaving(key);
    try {
      const answer = await skyslopeApi.saveSettings({
        accessKey: settings.access_keys.access_key,
        accessSecret: settings.access_keys.access_secret,
        prefs: { [key]: value },
      });
      notify(answer?.message || M.settingsUpdated, { type: 'success' });
    } catch (error) {
      onChange(before);
      notify(serverMessageOf(error, M.settingsFailed), { type: 'error' });
    } finally {
      setSaving(null);
    }
  };

  return (
    <SectionCard title={L.preferences} testId="skyslope-preferences">
      <PrimaryAgentSelect />
      <FormGroup sx={{ mt: 1 }}>
        {PREFERENCES.map((key) => (
          <FormControlLabel
            key={key}
            label={settings.commission[key]?.label ?? SKYSLOPE_PREFERENCES[key]}
            control={
              <Switch
                checked={settings.commission[key]?.value === true}
                onChange={(event) => void toggle(key, event.target.checked)}
                disabled={saving !== null}
                slotProps={{ input: { 'data-testid': `skyslope-pref-${key}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
    </SectionCard>
  );
};
