import { Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { RPC_MAX_IDS, type RpcReplyOf, type RpcRequestOf } from '@app/contracts';
import { MAX_DATABASE_ID } from '@app/platform';
import { UsersLookupRepository } from './users-lookup.repository';

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DATABASE_ID;

/** Answers identity.users.lookup: users of the caller's team only. */
@Injectable()
export class UsersLookupService {
  constructor(private readonly repository: UsersLookupRepository) {}

  async lookup(request: RpcRequestOf<'identity.users.lookup'>): Promise<RpcReplyOf<'identity.users.lookup'>> {
    // The caller is another service: a malformed request is a bug there, answered as an error (503 for its user).
    if (!request || !isId(request.team_id)) throw new RpcException('team_id must be an id');
    const ids = request.agent_ids;
    if (!Array.isArray(ids) || ids.length > RPC_MAX_IDS || !ids.every(isId)) {
      throw new RpcException(`agent_ids must be at most ${RPC_MAX_IDS} ids`);
    }
    if (ids.length === 0) return [];
    return this.repository.findInTeam(request.team_id, [...new Set(ids)]);
  }
}
