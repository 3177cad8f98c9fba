import { Controller } from '@nestjs/common';
import { Payload, RpcException } from '@nestjs/microservices';
import type { RpcReplyOf, RpcRequestOf } from '@app/contracts';
import { MAX_DATABASE_ID } from '@app/platform';
import { RpcHandler } from '@app/rpc';
import { FormsRepository } from './forms.repository';

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DATABASE_ID;

/** transactions.forms.list, answered by the transactions worker: the forms GET /user/forms lists, of the caller's team only. */
@Controller()
export class FormsRpcController {
  constructor(private readonly forms: FormsRepository) {}

  @RpcHandler('transactions.forms.list')
  list(@Payload() request: RpcRequestOf<'transactions.forms.list'>): Promise<RpcReplyOf<'transactions.forms.list'>> {
    // The caller is another service: a malformed request is a bug there, answered as an error.
    if (!request || !isId(request.team_id)) throw new RpcException('team_id must be an id');
    return this.forms.listByTeam(request.team_id);
  }
}
