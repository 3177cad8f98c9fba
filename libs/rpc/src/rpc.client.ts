import { Inject, Injectable, Logger, OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import { firstValueFrom, timeout } from 'rxjs';
import {
  RPC_DEFAULT_TIMEOUT_MS,
  rpcOwnerOf,
  rpcUnavailableMessage,
  type RpcPattern,
  type RpcReplyOf,
  type RpcRequestOf,
} from '@app/contracts';
import { RPC_OPTIONS, type RpcOptions } from './rpc.options';
import { RpcTransportClient } from './rpc-transport';

/** The owner did not answer in time, or answered with an error: the caller answers 503. */
export class RpcUnavailableException extends ServiceUnavailableException {
  constructor(pattern: RpcPattern) {
    super({ status: 'error', message: rpcUnavailableMessage(rpcOwnerOf(pattern)) });
  }
}

/** Sends typed requests to the owner of a pattern and waits at most timeoutMs for its answer. */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger(RpcClient.name);
  private readonly transport: RpcTransportClient;
  private readonly timeoutMs: number;

  constructor(@Inject(RPC_OPTIONS) options: RpcOptions) {
    this.transport = new RpcTransportClient(options);
    this.timeoutMs = options.timeoutMs ?? RPC_DEFAULT_TIMEOUT_MS;
  }

  /**
   * The owner's answer to `request`. Throws RpcUnavailableException (HTTP 503, '<Owner> data is
   * unavailable. Please try again.') when no answer comes within the timeout or the owner fails.
   */
  async send<P extends RpcPattern>(pattern: P, request: RpcRequestOf<P>): Promise<RpcReplyOf<P>> {
    const started = Date.now();
    try {
      return await firstValueFrom(this.transport.send<RpcReplyOf<P>, RpcRequestOf<P>>(pattern, request).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      const reason = error instanceof Error ? error.message : typeof error === 'object' ? JSON.stringify(error) : String(error);
      this.logger.warn(`rpc ${pattern} failed after ${Date.now() - started} ms: ${reason}`);
      throw new RpcUnavailableException(pattern);
    }
  }

  async onApplicationShutdown() {
    await this.transport.close().catch(() => undefined);
  }
}
