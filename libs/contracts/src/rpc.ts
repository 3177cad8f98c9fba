import type { TeamForm } from './account';
import type { MappableField } from './esign';
import type { EsignSignerContactOption } from './esign-send';
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
  /**
   * The transaction's current values of mapped e-sign fields (the send stepper's prefill): its own columns
   * (mapped_entity 'transaction') and custom fields ('transaction_field') by the catalogue of mappable-fields.
   * Values as the transaction keeps them: dates 'YYYY-MM-DD', amounts and percents numbers, phones digits, yes/no
   * 'Y' or 'N', lead types and the appointment setter by their label; a field the catalogue does not know is left
   * out, and a transaction of another team (or none) answers an empty list.
   */
  'transactions.esign.field-values': {
    request: RpcRequest & { client_id: number; fields: { mapped_entity: string; mapped_field: string }[] };
    reply: { mapped_entity: string; mapped_field: string; value: unknown }[];
  };
  /**
   * Signer choices of the send stepper: the transaction's contacts first (on_transaction true, primary first), then
   * the team's active contacts whose name or email contains term (at most ESIGN_SIGNER_OPTIONS_LIMIT; with agent_id,
   * an AGENT caller, only the contacts that agent owns). Contacts without an email are left out; a transaction of
   * another team answers an empty list.
   */
  'transactions.esign.signer-contacts': {
    request: RpcRequest & { client_id: number; term: string; agent_id?: number };
    reply: EsignSignerContactOption[];
  };
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
  'transactions.esign.field-values': 'transactions',
  'transactions.esign.signer-contacts': 'transactions',
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
