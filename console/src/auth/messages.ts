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
  passwordRecoveryComingSoon: 'Password recovery is on its way. Please contact your team administrator meanwhile.',
  backToLogin: 'Back to Login',
} as const;
