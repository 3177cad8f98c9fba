import { env, loadServiceConfigOrExit } from '@app/platform';

export const identityConfigSpec = {
  JWT_PRIVATE_KEY: env.pem('PRIVATE KEY'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: env.port(5),
  LOGIN_MAX_FAILURES_PER_IP: env.port(50),
  LOGIN_FAILURE_WINDOW_SECONDS: env.port(15 * 60),
};

export function loadIdentityConfig() {
  return loadServiceConfigOrExit('identity', identityConfigSpec);
}

export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;
