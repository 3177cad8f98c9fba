import type { TeamForm } from './account';
import type { MappableField } from './esign';
import type { Role } from './roles';
import type { ServiceName } from './services';
import type { TransactionSnapshot } from './transactions';

/**
 * RPC over Redis (ARCHITECTURE.md section 4): a read that cannot wait for a read copy. Patterns are
 * `<owner>.<thing>.<verb>`; the owner answers from its worker process. Every request carries the
 * caller's team, and the owner answers only within it.
 */
export interface RpcRequest {
  team_id: number;
}

/** A user of the caller's team, as identity answers it. */
export interface RpcUser {
  agent_id: number;
  first_name: string;
  last_name: string;
  email: string;
  roles: Role[];
  status: 'active' | 'inactive';
}

/** Pattern -> request and reply. */
export interface RpcPatterns {
  /** Users of the team among agent_ids (ids of other teams, or unknown, are left out). */
  'identity.users.lookup': { request: RpcRequest & { agent_ids: number[] }; reply: RpcUser[] };
  /**
   * The team's open transactions (neither closed nor lost) with client_id above after_client_id, at most
   * limit (1 to RPC_MAX_OPEN_TRANSACTIONS), whole rows as their events carry them, in client_id order
   * (the SkySlope backfill reads them page by page).
   */
  'transactions.sync.open-transactions': { request: RpcRequest & { after_client_id: number; limit: number }; reply: TransactionSnapshot[] };
  /**
   * The team's buyer and seller forms, as GET /user/forms answers them (identity checks a user's default
   * forms against them: another team's form, an unknown id or a form of the wrong side is refused).
   */
  'transactions.forms.list': { request: RpcRequest; reply: TeamForm[] };
  /** The transaction fields an e-sign template field may map to, from the catalogue behind GET /transaction/fields. */
  'transactions.esign.mappable-fields': { request: RpcRequest; reply: MappableField[] };
}
export type RpcPattern = keyof RpcPatterns;
export type RpcRequestOf<P extends RpcPattern> = RpcPatterns[P]['request'];
export type RpcReplyOf<P extends RpcPattern> = RpcPatterns[P]['reply'];

/** Every pattern with its owner, so that a test can check each has exactly one handler. */
export const RPC_PATTERNS: Record<RpcPattern, ServiceName> = {
  'identity.users.lookup': 'identity',
  'transactions.sync.open-transactions': 'transactions',
  'transactions.forms.list': 'transactions',
  'transactions.esign.mappable-fields': 'transactions',
};

/** Most rows one transactions.sync.open-transactions page may ask for. */
export const RPC_MAX_OPEN_TRANSACTIONS = 500;

/** Most ids one lookup may carry. */
export const RPC_MAX_IDS = 1000;

/** How long a caller waits for an answer by default (RPC_TIMEOUT_MS overrides it). */
export const RPC_DEFAULT_TIMEOUT_MS = 3000;

/** The owner's data in words, for the 503 a caller answers when the owner does not. */
export const RPC_OWNER_DATA: Record<ServiceName, string> = {
  identity: 'User',
  'team-admin': 'Team',
  transactions: 'Transaction',
  messaging: 'Message',
  esign: 'E-sign',
  'integrations-sync': 'Integration',
};

/** 'Transaction data is unavailable. Please try again.' */
export function rpcUnavailableMessage(owner: ServiceName): string {
  return `${RPC_OWNER_DATA[owner]} data is unavailable. Please try again.`;
}

/** The owning service of a pattern (its first segment). */
export function rpcOwnerOf(pattern: RpcPattern): ServiceName {
  return RPC_PATTERNS[pattern];
}
