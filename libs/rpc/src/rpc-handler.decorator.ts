import { MessagePattern } from '@nestjs/microservices';
import type { RpcPattern } from '@app/contracts';

/**
 * Marks a worker controller method as the answer to one pattern of libs/contracts (RpcPatterns).
 * The method receives RpcRequestOf<P> and returns RpcReplyOf<P>; it must check request.team_id.
 */
export const RpcHandler = (pattern: RpcPattern) => MessagePattern(pattern);
