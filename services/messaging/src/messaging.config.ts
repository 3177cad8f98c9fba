import { mailConfigProblem, mailConfigSpec } from '@app/mail';
import { loadServiceConfigOrExit, refuseToStart } from '@app/platform';

/** Messaging's own settings: the outgoing mail its worker delivers (MAIL_DRIVER, MAIL_DIR, SMTP_URL, MAIL_FROM). */
export const messagingConfigSpec = {
  ...mailConfigSpec,
};

export function loadMessagingConfig() {
  const config = loadServiceConfigOrExit('messaging', messagingConfigSpec);
  const problem = mailConfigProblem(config);
  if (problem) refuseToStart('messaging', problem);
  return config;
}

export type MessagingConfig = ReturnType<typeof loadMessagingConfig>;
