import { createAuthClient } from './authClient';
import { createAuthProvider } from './authProvider';

/** The browser's one auth client: every API call of the console goes through authClient.fetch. */
export const authClient = createAuthClient();
export const authProvider = createAuthProvider(authClient);
