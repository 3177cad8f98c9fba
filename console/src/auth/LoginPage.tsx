import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { authClient } from '.';
import { AuthLayout } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';
import { APP_PATH, FORGOT_PASSWORD_PATH } from './routes';

interface NextLocationState {
  nextPathname?: string;
  nextSearch?: string;
}

/** Where to go after signing in: back where react-admin sent us from, if that was inside the app. */
function nextPathOf(state: unknown): string {
  const next = (state ?? {}) as NextLocationState;
  if (typeof next.nextPathname === 'string' && next.nextPathname.startsWith(APP_PATH)) {
    return next.nextPathname + (typeof next.nextSearch === 'string' ? next.nextSearch : '');
  }
  return APP_PATH;
}

/** Sign-in screen at /auth/login (outside the app shell). */
const LoginPage = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (authClient.getSession() && !submitting) return <Navigate to={nextPathOf(location.state)} replace />;

  const emailMissing = submitted && email.trim() === '';
  const passwordMissing = submitted && password === '';

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (email.trim() === '' || password === '') return;
    setSubmitting(true);
    setError(null);
    try {
      await authClient.login(email.trim(), password);
      navigate(nextPathOf(location.state), { replace: true });
    } catch (caught) {
      setError((caught as Error).message || AUTH_MESSAGES.loginFailed);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout testId="login-page">
      <Typography variant="h6" component="h1" align="center" sx={{ mb: 2 }}>
        {AUTH_MESSAGES.loginTitle}
      </Typography>
      <Box component="form" noValidate onSubmit={handleSubmit} data-testid="login-form">
        {error && (
          <Alert severity="error" role="alert" data-testid="login-error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={AUTH_MESSAGES.email}
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          fullWidth
          margin="normal"
          size="medium"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailMissing}
          helperText={emailMissing ? AUTH_MESSAGES.emailRequired : undefined}
          disabled={submitting}
          slotProps={{ htmlInput: { 'data-testid': 'login-email', required: true } }}
        />
        <TextField
          label={AUTH_MESSAGES.password}
          type="password"
          name="password"
          autoComplete="current-password"
          fullWidth
          margin="normal"
          size="medium"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordMissing}
          helperText={passwordMissing ? AUTH_MESSAGES.passwordRequired : undefined}
          disabled={submitting}
          slotProps={{ htmlInput: { 'data-testid': 'login-password', required: true } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5, mb: 2 }}>
          <Link component={RouterLink} to={FORGOT_PASSWORD_PATH} variant="body2" data-testid="forgot-password-link">
            {AUTH_MESSAGES.forgotPassword}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting}
          data-testid="login-submit"
          startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {submitting ? AUTH_MESSAGES.signingIn : AUTH_MESSAGES.signIn}
        </Button>
      </Box>
    </AuthLayout>
  );
};

export default LoginPage;
