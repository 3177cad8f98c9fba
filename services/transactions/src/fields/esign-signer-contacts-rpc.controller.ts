import { Controller } from '@nestjs/common';
import { Payload, RpcException } from '@nestjs/microservices';
import { ESIGN_SIGNER_OPTIONS_LIMIT, ESIGN_SIGNER_TERM_MAX_LENGTH, type RpcReplyOf, type RpcRequestOf } from '@app/contracts';
import { MAX_DATABASE_ID } from '@app/platform';
import { RpcHandler } from '@app/rpc';
import { ContactsRepository } from '../contacts/contacts.repository';

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DATABASE_ID;

/**
 * transactions.esign.signer-contacts, answered by the transactions worker: the send stepper's contact choices for a
 * transaction of the caller's team (its contacts first, then the team's by term); another team's transaction answers [].
 */
@Controller()
export class EsignSignerContactsRpcController {
  constructor(private readonly contacts: ContactsRepository) {}

  @RpcHandler('transactions.esign.signer-contacts')
  async signerContacts(
    @Payload() request: RpcRequestOf<'transactions.esign.signer-contacts'>,
  ): Promise<RpcReplyOf<'transactions.esign.signer-contacts'>> {
    // The caller is another service: a malformed request is a bug there, answered as an error.
    if (!request || !isId(request.team_id) || !isId(request.client_id)) throw new RpcException('team_id and client_id must be ids');
    if (typeof request.term !== 'string' || request.term.length > ESIGN_SIGNER_TERM_MAX_LENGTH)
      throw new RpcException(`term must be text of at most ${ESIGN_SIGNER_TERM_MAX_LENGTH} characters`);
    if (request.agent_id !== undefined && request.agent_id !== null && !isId(request.agent_id))
      throw new RpcException('agent_id must be an id');
    return this.contacts.signerOptions(
      request.team_id,
      request.client_id,
      request.term,
      ESIGN_SIGNER_OPTIONS_LIMIT,
      request.agent_id ?? undefined,
    );
  }
}
