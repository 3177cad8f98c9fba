// Paths of the screens outside the app shell (spec 000 section 2).
export const LOGIN_PATH = '/auth/login';
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';
/** The reset link of the recovery mail: /auth/reset-password/{key}. */
export const RESET_PASSWORD_ROUTE = '/auth/reset-password/:key';
export const APP_PATH = '/app';
