import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { accountApi } from '../account';
import { fieldErrorsOf, messageOf } from '../account/fieldErrors';
import { PasswordField } from '../account/password/PasswordField';
import { hasErrors, validateResetPassword, type ResetPasswordValues } from '../account/password/passwordRules';
import { AuthLayout } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';
import { LOGIN_PATH } from './routes';

type Field = keyof ResetPasswordValues;
const FIELDS: { name: Field; label: string }[] = [
  { name: 'password', label: AUTH_MESSAGES.newPassword },
  { name: 'verify_password', label: AUTH_MESSAGES.confirmPassword },
];

/** /auth/reset-password/:key (the recovery mail's link): new and confirm password (spec 000 sections 2, 5). */
const ResetPasswordPage = () => {
  const { key = '' } = useParams<{ key: string }>();
  const [values, setValues] = useState<ResetPasswordValues>({ password: '', verify_password: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const errors = validateResetPassword(values);
  const invalid = hasErrors(errors);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ password: true, verify_password: true });
    if (invalid || submitting) return;
    setSubmitting(true);
    setFormError(null);
    try {
      const answer = await accountApi.resetPassword({ reset_key: key, ...values });
      setSuccess(answer?.message || AUTH_MESSAGES.passwordReset);
    } catch (error) {
      const byField = fieldErrorsOf(error);
      setServerErrors({ password: byField.password, verify_password: byField.verify_password });
      // Anything not about the two fields (an unknown, used or expired key): the server's message.
      const other = Object.entries(byField).find(([field]) => field !== 'password' && field !== 'verify_password');
      if (other || Object.keys(byField).length === 0) setFormError(other?.[1] ?? messageOf(error, AUTH_MESSAGES.serverError));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout testId="reset-password-page">
      <Typography variant="h6" component="h1" align="center" sx={{ mb: 1 }}>
        {AUTH_MESSAGES.passwordResetTitle}
      </Typography>
      {success ? (
        <>
          <Alert severity="success" data-testid="reset-password-success" sx={{ mb: 2 }}>
            {success}
          </Alert>
          <Button component={RouterLink} to={LOGIN_PATH} variant="contained" fullWidth size="large" data-testid="go-to-login">
            {AUTH_MESSAGES.goToLogin}
          </Button>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" align="center" sx={{ mb: 2 }}>
            {AUTH_MESSAGES.passwordResetIntro}
          </Typography>
          {formError && (
            <Alert severity="error" data-testid="reset-password-error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={handleSubmit} data-testid="reset-password-form">
            {FIELDS.map(({ name, label }) => (
              <PasswordField
                key={name}
                name={name}
                label={label}
                autoComplete="new-password"
                autoFocus={name === 'password'}
                value={values[name]}
                message={serverErrors[name] ?? (touched[name] ? errors[name] : undefined)}
                disabled={submitting}
                testIdPrefix="reset"
                withSuggestions={name === 'password'}
                onChange={(value) => {
                  setValues((current) => ({ ...current, [name]: value }));
                  setServerErrors((current) => ({ ...current, [name]: undefined }));
                }}
                onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
              />
            ))}
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={invalid || submitting}
              data-testid="reset-submit"
              sx={{ mt: 2 }}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {AUTH_MESSAGES.resetPassword}
            </Button>
          </Box>
        </>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
        <Link component={RouterLink} to={LOGIN_PATH} data-testid="back-to-login-link">
          {AUTH_MESSAGES.backToLogin}
        </Link>
      </Box>
    </AuthLayout>
  );
};

export default ResetPasswordPage;
