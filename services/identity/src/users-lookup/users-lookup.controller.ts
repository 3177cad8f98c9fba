import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { RpcRequestOf } from '@app/contracts';
import { RpcHandler } from '@app/rpc';
import { UsersLookupService } from './users-lookup.service';

/** RPC patterns of identity's users, answered by the worker process. */
@Controller()
export class UsersLookupController {
  constructor(private readonly lookup: UsersLookupService) {}

  @RpcHandler('identity.users.lookup')
  usersLookup(@Payload() request: RpcRequestOf<'identity.users.lookup'>) {
    return this.lookup.lookup(request);
  }
}
