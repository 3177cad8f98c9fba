import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { accountApi } from '../account';
import { ACCOUNT_MESSAGES } from '../account/messages';
import { fieldErrorsOf, messageOf, statusOf } from '../shared/forms/fieldErrors';
import { PasswordField } from '../account/password/PasswordField';
import { hasErrors, validateResetPassword, type ResetPasswordValues } from '../account/password/passwordRules';
import { AuthLayout } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH } from './routes';

type Field = keyof ResetPasswordValues;
const FIELDS: { name: Field; label: string }[] = [
  { name: 'password', label: AUTH_MESSAGES.newPassword },
  { name: 'verify_password', label: AUTH_MESSAGES.confirmPassword },
];

/** What the server said of the link's key when the page opened. */
type KeyState = { kind: 'checking' } | { kind: 'live' } | { kind: 'dead'; message: string };

/**
 * Asks on opening whether the link still works, so a used or expired link is told before any
 * password is typed. Only a refusal of the key (400/410) closes the form; when the check itself
 * fails (server away) the form stays and the reset answers for the key.
 */
function useResetKeyState(key: string): KeyState {
  const [state, setState] = useState<KeyState>({ kind: 'checking' });
  useEffect(() => {
    let cancelled = false;
    setState({ kind: 'checking' });
    accountApi
      .checkResetKey(key)
      .then(() => !cancelled && setState({ kind: 'live' }))
      .catch((error: unknown) => {
        if (cancelled) return;
        const status = statusOf(error);
        if (status === 400 || status === 410) setState({ kind: 'dead', message: messageOf(error, ACCOUNT_MESSAGES.resetLinkInvalid) });
        else setState({ kind: 'live' });
      });
    return () => {
      cancelled = true;
    };
  }, [key]);
  return state;
}

/** The way out of a dead link: a new one from Password Recovery. */
const RecoveryLink = () => (
  <Button component={RouterLink} to={FORGOT_PASSWORD_PATH} variant="contained" fullWidth size="large" data-testid="reset-recovery-link">
    {AUTH_MESSAGES.passwordRecoveryTitle}
  </Button>
);

/** /auth/reset-password/:key (the recovery mail's link): new and confirm password (spec 000 sections 2, 5). */
const ResetPasswordPage = () => {
  const { key = '' } = useParams<{ key: string }>();
  const keyState = useResetKeyState(key);
  const [keyRefused, setKeyRefused] = useState(false);
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
      // The key died since the page opened (used in another tab, expired): offer a new link.
      setKeyRefused(Object.keys(byField).length === 0 && statusOf(error) === 400);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout testId="reset-password-page">
      <Typography variant="h6" component="h1" align="center" sx={{ mb: 1 }}>
        {AUTH_MESSAGES.passwordResetTitle}
      </Typography>
      {keyState.kind === 'checking' ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }} data-testid="reset-key-checking">
          <CircularProgress aria-label={AUTH_MESSAGES.checkingResetLink} />
        </Box>
      ) : keyState.kind === 'dead' ? (
        <>
          <Alert severity="error" data-testid="reset-link-invalid" sx={{ mb: 2 }}>
            {keyState.message}
          </Alert>
          <RecoveryLink />
        </>
      ) : success ? (
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
          {keyRefused && (
            <Box sx={{ mb: 2 }}>
              <RecoveryLink />
            </Box>
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
