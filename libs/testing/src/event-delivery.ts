import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { eventsQueueOf, type EventEnvelope, type ServiceName } from '@app/contracts';
import { eventually } from './test-service';

/**
 * Puts events on a service's events queue as the relay does and waits until each was consumed (the
 * service must run its consumer: mode 'all'). The job id is the event id unless given, to redeliver the
 * same event as a new job. Opens its Redis connection on first use; close() releases it.
 */
export function eventDelivery(service: ServiceName, config: { REDIS_URL: string; QUEUE_PREFIX: string }) {
  let redis: IORedis | undefined;
  let queue: Queue | undefined;
  return {
    async deliver(envelope: EventEnvelope, jobId: string = envelope.id): Promise<void> {
      redis ??= new IORedis(config.REDIS_URL, { maxRetriesPerRequest: null, connectionName: `${service}-e2e` });
      queue ??= new Queue(eventsQueueOf(service), { connection: redis, prefix: config.QUEUE_PREFIX });
      await queue.add(envelope.type, envelope, { jobId, removeOnComplete: false });
      await eventually(async () => (await (await queue!.getJob(jobId))?.isCompleted()) ?? false);
    },
    async close(): Promise<void> {
      await queue?.close();
      await redis?.quit();
    },
  };
}
