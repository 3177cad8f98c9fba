import { Registry, collectDefaultMetrics, Histogram } from 'prom-client';
import type { FastifyInstance } from 'fastify';

const REGISTRIES = new WeakMap<FastifyInstance, Registry>();

/** The registry behind a process's /metrics, for a module that adds its own metrics (undefined: none). */
export function metricsRegistryOf(fastify: FastifyInstance): Registry | undefined {
  return REGISTRIES.get(fastify);
}

/** Prometheus metrics for one service process: defaults plus HTTP request durations. */
export function installMetrics(fastify: FastifyInstance, service: string): Registry {
  const registry = new Registry();
  REGISTRIES.set(fastify, registry);
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions?.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  fastify.get('/metrics', async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
