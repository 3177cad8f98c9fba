import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { adminUsersApi } from '..';
import { PageFrame, SectionCard } from '../../shared/page/PageFrame';
import { fieldErrorsOf, messageOf } from '../../shared/forms/fieldErrors';
import { PasswordField } from '../../account/password/PasswordField';
import { hasErrors } from '../../account/password/passwordRules';
import { passwordFailureMessage } from '../feedback';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, ADMIN_USERS_LABELS as L } from '../messages';
import { useBack } from '../useBack';
import { validateUserPassword, type UserPasswordValues } from './userPasswordRules';

type Field = keyof UserPasswordValues;
const EMPTY: UserPasswordValues = { new_password: '', confirm_new_password: '' };
const FIELDS: { name: Field; label: string }[] = [
  { name: 'new_password', label: L.newPassword },
  { name: 'confirm_new_password', label: L.confirmPassword },
];

/**
 * /app/admin/users/change-password/{id}?name=: the admin sets a user's password (PATCH
 * /admin/user/password; spec 000 sections 2, 5, 8). Submit stays disabled while the rules fail.
 */
const UserPasswordPage = ({ agentId, name }: { agentId: number | null; name: string }) => {
  const notify = useNotify();
  const back = useBack();
  const [values, setValues] = useState<UserPasswordValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(agentId === null ? L.userNotFound : null);
  const [saving, setSaving] = useState(false);

  const errors = validateUserPassword(values);
  const invalid = hasErrors(errors) || agentId === null;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invalid || saving || agentId === null) return;
    setSaving(true);
    setFormError(null);
    try {
      await adminUsersApi.setPassword({ agent_id: agentId, ...values });
      notify(ADMIN_MESSAGES.passwordUpdated, { type: 'success' });
      setValues(EMPTY);
      setTouched({});
      setServerErrors({});
    } catch (error) {
      // What the password fields can show goes under them; the message names the failure.
      const byField = fieldErrorsOf(error);
      setServerErrors({ new_password: byField.new_password, confirm_new_password: byField.confirm_new_password });
      const message = passwordFailureMessage(messageOf(error, ACCOUNT_MESSAGES.serverError));
      setFormError(message);
      notify(message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageFrame title={L.changePasswordTitle} testId="user-password-page" maxWidth={520}>
      <SectionCard>
        {name && (
          <Typography variant="body1" sx={{ mb: 1 }} data-testid="user-password-name">
            {L.changePasswordFor} <strong>{name}</strong>
          </Typography>
        )}
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} data-testid="user-password-form">
          {formError && (
            <Alert severity="error" data-testid="user-password-error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          {FIELDS.map(({ name: field, label }) => (
            <PasswordField
              key={field}
              name={field}
              label={label}
              autoComplete="new-password"
              autoFocus={field === 'new_password'}
              value={values[field]}
              message={serverErrors[field] ?? (touched[field] ? errors[field] : undefined)}
              disabled={saving}
              testIdPrefix="user-password"
              withSuggestions={field === 'new_password'}
              onChange={(value) => change(field, value)}
              onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
            />
          ))}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button startIcon={<ArrowBackIcon />} onClick={back} data-testid="user-password-back">
              {L.back}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={invalid || saving}
              data-testid="user-password-submit"
              startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {saving ? L.saving : L.submit}
            </Button>
          </Box>
        </Box>
      </SectionCard>
    </PageFrame>
  );
};

export default UserPasswordPage;
