import IORedis from 'ioredis';

/** BullMQ needs its own connections with maxRetriesPerRequest: null. */
export function createQueueConnection(url: string, name: string) {
  return new IORedis(url, { maxRetriesPerRequest: null, connectionName: name });
}
