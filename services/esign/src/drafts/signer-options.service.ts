import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import { CONTACT_TEAM_ROLES, ESIGN_SIGNER_OPTIONS_LIMIT, type EsignSignerOptions } from '@app/contracts';
import { RpcClient } from '@app/rpc';
import { RequestsRepository } from '../requests/requests.repository';
import { SignerOptionsRepository } from './signer-options.repository';

/**
 * GET /esign/signer-options (step 3's signer dropdowns): contacts asked of transactions over RPC (the transaction's
 * first, then the team's by term; an AGENT only among the contacts they own, as on the contacts list), and the team's
 * active users who are neither CLIENT nor VENDOR from esign's users read copy. The transaction must be the caller's
 * team's (404); no answer from transactions: 503 'Transaction data is unavailable. Please try again.'.
 */
@Injectable()
export class SignerOptionsService {
  constructor(
    private readonly requests: RequestsRepository,
    private readonly options: SignerOptionsRepository,
    private readonly rpc: RpcClient,
  ) {}

  async list(caller: AuthenticatedUser, clientId: number, term = ''): Promise<EsignSignerOptions> {
    const transaction = await this.requests.transaction(caller.team_id, clientId);
    if (!transaction) throw new NotFoundException({ status: 'error', message: 'Transaction not found' });
    const ownContactsOnly = !caller.roles.some((role) => CONTACT_TEAM_ROLES.includes(role));
    const [contacts, agents] = await Promise.all([
      this.rpc.send('transactions.esign.signer-contacts', {
        team_id: caller.team_id,
        client_id: clientId,
        term: term.trim(),
        ...(ownContactsOnly ? { agent_id: caller.agent_id } : {}),
      }),
      this.options.agents(caller.team_id, term, ESIGN_SIGNER_OPTIONS_LIMIT),
    ]);
    return { contacts, agents };
  }
}
