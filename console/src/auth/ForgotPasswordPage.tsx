import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';
import { LOGIN_PATH } from './routes';

/** /auth/forgot-password: placeholder until the recovery screen (captcha, email) ships. */
const ForgotPasswordPage = () => (
  <AuthLayout testId="forgot-password-page">
    <Typography variant="h6" component="h1" align="center" sx={{ mb: 2 }}>
      {AUTH_MESSAGES.passwordRecoveryTitle}
    </Typography>
    <Typography variant="body2" color="text.secondary" align="center">
      {AUTH_MESSAGES.passwordRecoveryComingSoon}
    </Typography>
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
      <Link component={RouterLink} to={LOGIN_PATH} data-testid="back-to-login-link">
        {AUTH_MESSAGES.backToLogin}
      </Link>
    </Box>
  </AuthLayout>
);

export default ForgotPasswordPage;
