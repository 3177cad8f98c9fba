import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { accountApi } from '../account';
import { fieldErrorsOf, messageOf, renameFields } from '../shared/forms/fieldErrors';
import { AuthLayout } from './AuthLayout';
import { validateRecovery, type RecoveryErrors } from './recoveryRules';
import { AUTH_MESSAGES } from './messages';
import { LOGIN_PATH } from './routes';

interface Captcha {
  image: string;
  hash: string;
}

/**
 * /auth/forgot-password (spec 000 section 2): email, verification code with a refreshable captcha,
 * Submit, Back to Login. Messages are cleared on entry and exit; a fresh captcha on entry and after
 * every refused attempt (a captcha answers once).
 */
const ForgotPasswordPage = () => {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaError, setCaptchaError] = useState(false);
  const [loadingCaptcha, setLoadingCaptcha] = useState(false);
  const [errors, setErrors] = useState<RecoveryErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const mounted = useRef(true);

  const loadCaptcha = useCallback(async () => {
    setLoadingCaptcha(true);
    try {
      const fresh = await accountApi.getCaptcha();
      if (!mounted.current) return;
      setCaptcha({ image: fresh.captcha_image_base64, hash: fresh.captcha_hash });
      setCaptchaError(false);
    } catch {
      if (mounted.current) setCaptchaError(true);
    } finally {
      if (mounted.current) setLoadingCaptcha(false);
    }
  }, []);

  const clearMessages = () => {
    setErrors({});
    setFormError(null);
    setSuccess(null);
  };

  useEffect(() => {
    mounted.current = true;
    clearMessages();
    void loadCaptcha();
    return () => {
      mounted.current = false;
      clearMessages();
    };
  }, [loadCaptcha]);

  const refresh = () => {
    setCode('');
    void loadCaptcha();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFormError(null);
    setSuccess(null);
    const found = validateRecovery(email, code);
    setErrors(found);
    if (found.email || found.code || !captcha) return;
    setSubmitting(true);
    try {
      const answer = await accountApi.forgotPassword({
        email: email.trim(),
        captcha_string: code.trim(),
        captcha_hash: captcha.hash,
      });
      if (!mounted.current) return;
      setSuccess(answer?.message || AUTH_MESSAGES.recoverySent);
      setCode('');
      setErrors({});
    } catch (error) {
      if (!mounted.current) return;
      const byField = renameFields(fieldErrorsOf(error), { captcha_string: 'code', captcha_hash: 'code' });
      setErrors({ email: byField.email, code: byField.code });
      if (!byField.email && !byField.code) setFormError(messageOf(error, AUTH_MESSAGES.serverError));
      // The captcha was spent by this attempt: a new image, and the old code goes with the old image.
      setCode('');
      void loadCaptcha();
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  return (
    <AuthLayout testId="forgot-password-page">
      <Typography variant="h6" component="h1" align="center" sx={{ mb: 1 }}>
        {AUTH_MESSAGES.passwordRecoveryTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" align="center" sx={{ mb: 2 }}>
        {AUTH_MESSAGES.passwordRecoveryIntro}
      </Typography>
      {success && (
        <Alert severity="success" data-testid="forgot-password-success" sx={{ mb: 2 }}>
          {success}
        </Alert>
      )}
      {formError && (
        <Alert severity="error" data-testid="forgot-password-error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={handleSubmit} data-testid="forgot-password-form">
        <TextField
          label={AUTH_MESSAGES.email}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          fullWidth
          margin="normal"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors((current) => ({ ...current, email: undefined }));
          }}
          error={!!errors.email}
          helperText={errors.email}
          disabled={submitting}
          slotProps={{
            htmlInput: { 'data-testid': 'forgot-email' },
            formHelperText: { 'data-testid': 'forgot-email-error' } as object,
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
          <Box
            sx={{
              flex: 1,
              height: 56,
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: '#fff',
              border: 1,
              borderColor: 'divider',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {captcha && !loadingCaptcha ? (
              <img
                src={captcha.image}
                alt={AUTH_MESSAGES.captchaAlt}
                data-testid="captcha-image"
                data-hash={captcha.hash}
                style={{ height: 50, maxWidth: '100%' }}
              />
            ) : captchaError && !loadingCaptcha ? (
              <Typography variant="caption" color="error" sx={{ px: 1 }} data-testid="captcha-error">
                {AUTH_MESSAGES.captchaLoadFailed}
              </Typography>
            ) : (
              <Skeleton variant="rectangular" width="100%" height={56} data-testid="captcha-loading" />
            )}
          </Box>
          <Tooltip title={AUTH_MESSAGES.refreshCaptcha}>
            <span>
              <IconButton
                onClick={refresh}
                disabled={loadingCaptcha || submitting}
                aria-label={AUTH_MESSAGES.refreshCaptcha}
                data-testid="captcha-refresh"
              >
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <TextField
          label={AUTH_MESSAGES.verificationCode}
          name="captcha"
          autoComplete="off"
          fullWidth
          margin="normal"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setErrors((current) => ({ ...current, code: undefined }));
          }}
          error={!!errors.code}
          helperText={errors.code}
          disabled={submitting}
          slotProps={{
            htmlInput: { 'data-testid': 'forgot-code', autoCapitalize: 'off', spellCheck: false },
            formHelperText: { 'data-testid': 'forgot-code-error' } as object,
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting || !captcha}
          data-testid="forgot-submit"
          sx={{ mt: 2 }}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {submitting ? AUTH_MESSAGES.sending : AUTH_MESSAGES.submit}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
        <Link component={RouterLink} to={LOGIN_PATH} data-testid="back-to-login-link">
          {AUTH_MESSAGES.backToLogin}
        </Link>
      </Box>
    </AuthLayout>
  );
};

export default ForgotPasswordPage;
