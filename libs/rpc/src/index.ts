export * from './rpc.options';
export * from './rpc-transport';
export * from './rpc.client';
export * from './rpc-handler.decorator';
export * from './rpc.module';
