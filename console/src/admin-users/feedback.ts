import { ADMIN_MESSAGES } from './messages';

// Spec 000 section 8: a failed email or password action says the server's words, then what to do.

/** The server's message, one space, 'Then try again.' (the spec words it as the two put together). */
export function emailFailureMessage(serverMessage: string): string {
  return withSuffix(serverMessage, ADMIN_MESSAGES.emailFailedSuffix);
}

/** The server's message, one space, 'Verify password and try again.' */
export function passwordFailureMessage(serverMessage: string): string {
  return withSuffix(serverMessage, ADMIN_MESSAGES.passwordFailedSuffix);
}

function withSuffix(message: string, suffix: string): string {
  const text = message.trim();
  return text ? `${text} ${suffix}` : suffix;
}
