import { loadServiceConfigOrExit } from '@app/platform';

export function loadMessagingConfig() {
  return loadServiceConfigOrExit('messaging');
}

export type MessagingConfig = ReturnType<typeof loadMessagingConfig>;
