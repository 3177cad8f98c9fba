// Fallback words when the server's error carries no message of its own.
export const DATA_MESSAGES = {
  serverError: 'Server error please try again.',
  serverUnreachable: 'Unable to reach the server. Please try again.',
} as const;
