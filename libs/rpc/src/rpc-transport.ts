import { ClientRedis, ServerRedis } from '@nestjs/microservices';
import { redisOptionsOf, rpcChannelOf, type RpcOptions } from './rpc.options';

/**
 * The Redis transport of @nestjs/microservices with its channels inside our namespace
 * (`<prefix>:rpc:<pattern>`), so that stacks and test suites sharing one Redis never answer each
 * other. Every replica subscribed to a pattern answers; the caller takes the first answer.
 */
export class RpcServer extends ServerRedis {
  private readonly channelPrefix: string;

  constructor(options: RpcOptions) {
    super(redisOptionsOf(options.redisUrl, `${options.service}:rpc-server`));
    this.channelPrefix = rpcChannelOf(options.queuePrefix, '');
  }

  override getRequestPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}`;
  }

  // Requests arrive on the namespaced channel; handlers are registered under the bare pattern.
  override getHandlerByPattern(channel: string) {
    return super.getHandlerByPattern(channel.startsWith(this.channelPrefix) ? channel.slice(this.channelPrefix.length) : channel);
  }
}

export class RpcTransportClient extends ClientRedis {
  private readonly channelPrefix: string;

  constructor(options: RpcOptions) {
    super(redisOptionsOf(options.redisUrl, `${options.service}:rpc-client`));
    this.channelPrefix = rpcChannelOf(options.queuePrefix, '');
  }

  override getRequestPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}`;
  }

  override getReplyPattern(pattern: string): string {
    return `${this.channelPrefix}${pattern}.reply`;
  }
}
