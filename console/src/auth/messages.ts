// Words of the sign-in area. Server messages ('Invalid email or password', the 429 text) are shown
// as the server sends them; these are the screen's own labels and the fallbacks.
export const AUTH_MESSAGES = {
  loginTitle: 'Sign in to your account',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  forgotPassword: 'Forgot password?',
  emailRequired: 'This field is required',
  passwordRequired: 'This field is required',
  // Used only when the server gives no message of its own.
  loginFailed: 'Invalid email or password',
  serverUnreachable: 'Unable to reach the server. Please try again.',
  serverError: 'Server error please try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  passwordRecoveryTitle: 'Password Recovery',
  passwordRecoveryIntro:
    'Enter the email address of your account and the code in the image. We will send you a link to choose a new password.',
  verificationCode: 'Verification code',
  captchaAlt: 'Verification code image',
  refreshCaptcha: 'Refresh the image',
  captchaLoadFailed: 'The verification image could not be loaded. Refresh to try again.',
  submit: 'Submit',
  sending: 'Sending…',
  backToLogin: 'Back to Login',
  passwordResetTitle: 'Password Reset',
  passwordResetIntro: 'Choose a new password: at least 8 characters with a number and a special character.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  resetPassword: 'Reset password',
  goToLogin: 'Go to Login',
  checkingResetLink: 'Checking the reset link',
  // Used only when the server's answer carries no message of its own.
  recoverySent: 'If an account exists for this email, we sent a link to reset its password.',
  passwordReset: 'Password successfully updated',
} as const;
