import { DynamicModule, Global, Module } from '@nestjs/common';
import type { CustomStrategy } from '@nestjs/microservices';
import { RpcClient } from './rpc.client';
import { RPC_OPTIONS, type RpcOptions } from './rpc.options';
import { RpcServer } from './rpc-transport';

/** The RpcClient for every process of a service. */
@Global()
@Module({})
export class RpcModule {
  static forRoot(options: RpcOptions): DynamicModule {
    return {
      module: RpcModule,
      providers: [{ provide: RPC_OPTIONS, useValue: options }, RpcClient],
      exports: [RpcClient],
    };
  }
}

/** The microservice strategy that answers a service's patterns (used by its worker). */
export function rpcServerStrategy(options: RpcOptions): CustomStrategy {
  return { strategy: new RpcServer(options) };
}
