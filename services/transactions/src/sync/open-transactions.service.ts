import { Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { RPC_MAX_OPEN_TRANSACTIONS, type RpcReplyOf, type RpcRequestOf } from '@app/contracts';
import { MAX_DATABASE_ID } from '@app/platform';
import { OpenTransactionsRepository } from './open-transactions.repository';

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DATABASE_ID;

/** Answers transactions.sync.open-transactions: the caller's team only, a page at a time in client_id order. */
@Injectable()
export class OpenTransactionsService {
  constructor(private readonly repository: OpenTransactionsRepository) {}

  async page(request: RpcRequestOf<'transactions.sync.open-transactions'>): Promise<RpcReplyOf<'transactions.sync.open-transactions'>> {
    // The caller is another service: a malformed request is a bug there, answered as an error (it retries later).
    if (!request || !isId(request.team_id)) throw new RpcException('team_id must be an id');
    const after = request.after_client_id ?? 0;
    if (!Number.isInteger(after) || after < 0 || after > MAX_DATABASE_ID) throw new RpcException('after_client_id must be 0 or an id');
    if (!Number.isInteger(request.limit) || request.limit < 1 || request.limit > RPC_MAX_OPEN_TRANSACTIONS) {
      throw new RpcException(`limit must be a whole number from 1 to ${RPC_MAX_OPEN_TRANSACTIONS}`);
    }
    return this.repository.page(request.team_id, after, request.limit);
  }
}
