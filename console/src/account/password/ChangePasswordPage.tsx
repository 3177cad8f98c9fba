import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { accountApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { fieldErrorsOf, hasFieldErrors, messageOf } from '../../shared/forms/fieldErrors';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '../messages';
import { PasswordField } from './PasswordField';
import { hasErrors, validateChangePassword, type ChangePasswordValues } from './passwordRules';

const EMPTY: ChangePasswordValues = { current_password: '', new_password: '', confirm_new_password: '' };
type Field = keyof ChangePasswordValues;
const FIELDS: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'current_password', label: ACCOUNT_LABELS.currentPassword, autoComplete: 'current-password' },
  { name: 'new_password', label: ACCOUNT_LABELS.newPassword, autoComplete: 'new-password' },
  { name: 'confirm_new_password', label: ACCOUNT_LABELS.confirmPassword, autoComplete: 'new-password' },
];

/** /app/account/password: current, new and confirm; Submit disabled until valid (spec 000 sections 2, 5). */
const ChangePasswordPage = () => {
  const notify = useNotify();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const errors = validateChangePassword(values);
  const invalid = hasErrors(errors);

  const change = (name: Field, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => ({ ...current, [name]: true }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invalid || saving) return;
    setSaving(true);
    setFormError(null);
    try {
      await accountApi.changePassword(values);
      notify(ACCOUNT_MESSAGES.passwordUpdated, { type: 'success' });
      setValues(EMPTY);
      setTouched({});
      setServerErrors({});
    } catch (error) {
      if (hasFieldErrors(error)) {
        const byField = fieldErrorsOf(error);
        setServerErrors(byField);
        const unplaced = Object.entries(byField).filter(([field]) => !FIELDS.some((item) => item.name === field));
        if (unplaced.length > 0) setFormError(unplaced[0][1]);
      } else {
        const message = messageOf(error, ACCOUNT_MESSAGES.serverError);
        setFormError(message);
        notify(message, { type: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageFrame title={ACCOUNT_LABELS.changePasswordTitle} testId="change-password-page" maxWidth={520}>
      <SectionCard>
        <Box component="form" noValidate onSubmit={handleSubmit} data-testid="change-password-form">
          {formError && (
            <Alert severity="error" data-testid="change-password-error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          {FIELDS.map(({ name, label, autoComplete }) => (
            <PasswordField
              key={name}
              name={name}
              label={label}
              autoComplete={autoComplete}
              value={values[name]}
              message={serverErrors[name] ?? (touched[name] ? errors[name] : undefined)}
              disabled={saving}
              testIdPrefix="password"
              withSuggestions={name === 'new_password'}
              onChange={(value) => change(name, value)}
              onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
            />
          ))}
          <Button
            type="submit"
            variant="contained"
            disabled={invalid || saving}
            data-testid="change-password-submit"
            sx={{ mt: 2 }}
            startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {saving ? ACCOUNT_LABELS.saving : ACCOUNT_LABELS.submit}
          </Button>
        </Box>
      </SectionCard>
    </PageFrame>
  );
};

export default ChangePasswordPage;
