import { TRANSACTION_LIST_ROLES, type Role } from '@app/contracts';

// Who may do what on the Transactions screens (the server checks again on every call). Plain data: the
// screens list (layout/screens.ts) reads it too.

/** Add Transaction: everyone who sees the list but a vendor. */
export const TRANSACTION_CREATE_ROLES: readonly Role[] = TRANSACTION_LIST_ROLES.filter((role) => role !== 'VENDOR');
/** ADMIN and TRANC choose a transaction's agent; the others add transactions of their own. */
export const AGENT_CHOOSER_ROLES: readonly Role[] = ['ADMIN', 'TRANC'];
