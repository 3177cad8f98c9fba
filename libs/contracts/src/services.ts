/** The six backend services (ARCHITECTURE.md section 2). */
export const SERVICE_NAMES = ['identity', 'team-admin', 'transactions', 'messaging', 'esign', 'integrations-sync'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Default local HTTP port of each service; the edge listens on EDGE_DEFAULT_PORT. */
export const SERVICE_DEFAULT_PORTS: Record<ServiceName, number> = {
  identity: 3001,
  'team-admin': 3002,
  transactions: 3003,
  messaging: 3004,
  esign: 3005,
  'integrations-sync': 3006,
};
export const EDGE_DEFAULT_PORT = 8080;

/** Postgres schema owned by each service: only that service writes it. */
export function schemaOf(service: ServiceName): string {
  return service.replace(/-/g, '_');
}

/** Environment variable that overrides the upstream URL of a service at the edge (e.g. IDENTITY_URL). */
export function upstreamEnvVar(service: ServiceName): string {
  return `${service.replace(/-/g, '_').toUpperCase()}_URL`;
}
