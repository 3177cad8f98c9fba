import type { SkySlopeSettingsResponse } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, useNotify } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { SectionCard } from '../shared/page/PageFrame';
import { fieldErrorsOf, hasFieldErrors } from '../shared/forms/fieldErrors';
import { skyslopeApi } from '.';
import { serverMessageOf } from './errors';
import { SKYSLOPE_LABELS as L, SKYSLOPE_MESSAGES as M } from './messages';
import { keyProblem } from './rules';

const KEY_FIELDS = ['accessKey', 'accessSecret'] as const;
const validateKey = (label: string) => (value: unknown) => keyProblem(label, value);
const validateAccessKey = [validateKey(L.accessKey)];
const validateAccessSecret = [validateKey(L.accessSecret)];

const SaveButton = () => {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={isSubmitting}
      data-testid="skyslope-save-credentials"
      startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {isSubmitting ? L.saving : L.saveCredentials}
    </Button>
  );
};

/**
 * API Configuration: the team's Access Key and Secret (saved ones come masked; a mask sent back
 * unchanged keeps the stored key), Test API Connection (the saved keys) and Save Credentials.
 */
export const ApiConfigurationPanel = ({ settings, onSaved }: { settings: SkySlopeSettingsResponse | null; onSaved: () => void }) => {
  const notify = useNotify();
  const [testing, setTesting] = useState(false);
  // Bumped by each save: the form starts again from the masks, never keeping a key in clear.
  const [saves, setSaves] = useState(0);

  const save = async (values: Record<string, unknown>) => {
    try {
      const answer = await skyslopeApi.saveSettings({
        accessKey: String(values.accessKey ?? ''),
        accessSecret: String(values.accessSecret ?? ''),
      });
      notify(answer?.message || M.settingsUpdated, { type: 'success' });
      setSaves((count) => count + 1);
      onSaved();
      return undefined;
    } catch (error) {
      if (hasFieldErrors(error)) {
        const byField = fieldErrorsOf(error);
        const placed = Object.fromEntries(Object.entries(byField).filter(([field]) => (KEY_FIELDS as readonly string[]).includes(field)));
        // A field error of something the form does not show (prefs) is the toast itself.
        const unplaced = Object.entries(byField).find(([field]) => !(field in placed));
        notify(unplaced ? unplaced[1] : M.settingsFailed, { type: 'error' });
        return Object.keys(placed).length > 0 ? placed : undefined;
      }
      notify(serverMessageOf(error, M.settingsFailed), { type: 'error' });
      return undefined;
    }
  };

  const test = async () => {
    setTesting(true);
    try {
      const answer = await skyslopeApi.ping();
      if (answer?.status_code === 0) notify(M.pingSucceeded, { type: 'success' });
      else notify(answer?.message || M.pingFailed, { type: 'error' });
    } catch (error) {
      notify(serverMessageOf(error, M.pingFailed), { type: 'error' });
    } finally {
      setTesting(false);
    }
  };

  const keys = settings?.access_keys;
  return (
    <SectionCard title={L.apiConfiguration} testId="skyslope-api-config">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {L.apiConfigurationIntro}
      </Typography>
      <Form
        // New masks after a save: the form starts again from them.
        key={`${saves}|${keys?.access_key ?? ''}|${keys?.access_secret ?? ''}`}
        defaultValues={{ accessKey: keys?.access_key ?? '', accessSecret: keys?.access_secret ?? '' }}
        onSubmit={save}
        mode="onBlur"
        reValidateMode="onChange"
        noValidate
        disableInvalidFormNotification
      >
        <TextInput
          source="accessKey"
          label={L.accessKey}
          validate={validateAccessKey}
          fullWidth
          autoComplete="off"
          data-testid="skyslope-access-key"
        />
        <PasswordInput
          source="accessSecret"
          label={L.accessSecret}
          validate={validateAccessSecret}
          fullWidth
          autoComplete="new-password"
          data-testid="skyslope-access-secret"
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
          <Button
            variant="outlined"
            onClick={test}
            disabled={testing}
            data-testid="skyslope-test-connection"
            startIcon={testing ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {testing ? L.testing : L.testConnection}
          </Button>
          <SaveButton />
        </Box>
      </Form>
    </SectionCard>
  );
};
