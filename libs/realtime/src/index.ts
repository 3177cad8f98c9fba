export * from './streams-io.adapter';
export * from './detached-emitter';
