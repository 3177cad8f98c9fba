import { mailConfigProblem, mailConfigSpec } from '@app/mail';
import { env, loadServiceConfigOrExit, refuseToStart } from '@app/platform';
import { storageConfigSpec, storageOptionsOrExit } from '@app/storage';
import { opsConfigSpec } from './ops/ops-credential';

export const identityConfigSpec = {
  JWT_PRIVATE_KEY: env.pem('PRIVATE KEY'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: env.port(5),
  LOGIN_MAX_FAILURES_PER_IP: env.port(50),
  LOGIN_FAILURE_WINDOW_SECONDS: env.port(15 * 60),
  // Past LOGIN_MAX_FAILURES_PER_ACCOUNT from anywhere, an account waits this long after each failure,
  // doubling, up to the max: a slowdown nobody can turn into a lockout of the owner from every IP.
  LOGIN_ACCOUNT_BACKOFF_SECONDS: env.int(1, 1, 3600),
  LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS: env.int(300, 1, 86_400),
  // Two tabs refreshing at once: a rotated refresh token presented again this soon by the same client
  // (IP and user agent) answers the successor it already got instead of ending the session.
  REFRESH_REUSE_GRACE_SECONDS: env.int(10, 0, 60),
  // Password recovery (forgot and reset) per IP and window; reset mails per address and window.
  RECOVERY_MAX_REQUESTS_PER_IP: env.port(30),
  RECOVERY_MAX_MAILS_PER_ACCOUNT: env.port(5),
  RECOVERY_WINDOW_SECONDS: env.port(15 * 60),
  // Development and browser tests only: every captcha shows this text, so a scripted browser can pass it.
  CAPTCHA_FIXED_ANSWER: env.string(''),
  ...mailConfigSpec,
  ...storageConfigSpec,
  // The operators' queues board (/api/ops/queues): HTTP Basic credential.
  ...opsConfigSpec,
};

export function loadIdentityConfig() {
  const config = loadServiceConfigOrExit('identity', identityConfigSpec);
  const problem = mailConfigProblem(config);
  if (problem) refuseToStart('identity', problem);
  if (config.CAPTCHA_FIXED_ANSWER && config.NODE_ENV === 'production') {
    refuseToStart('identity', 'CAPTCHA_FIXED_ANSWER must not be set in production');
  }
  storageOptionsOrExit(config); // exits 78 on a bad storage setting (e.g. no signing secret in production)
  return config;
}

export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;
