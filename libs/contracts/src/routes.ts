import type { ServiceName } from './services';
import { SERVICE_NAMES } from './services';

export interface RouteEntry {
  /** Path prefix as seen by the browser, always under /api. */
  prefix: string;
  service: ServiceName;
}

/**
 * The one route table: prefix -> owning service, longest prefix wins.
 * The local edge proxy uses it directly and the k8s Ingress is checked against it by a test.
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  // Each service's own area: health, openapi.json, socket.io path.
  ...SERVICE_NAMES.map((service) => ({ prefix: `/api/${service}`, service })),
  // identity
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/user', service: 'identity' },
  { prefix: '/api/admin/users', service: 'identity' },
  { prefix: '/api/admin/user', service: 'identity' },
  { prefix: '/api/admin/licenses', service: 'identity' },
  { prefix: '/api/enroll', service: 'identity' },
  // Operator tools (the queues board of every service, read through Redis; HTTP Basic, OPS_PASSWORD).
  { prefix: '/api/ops', service: 'identity' },
  // team-admin
  { prefix: '/api/admin/team', service: 'team-admin' },
  { prefix: '/api/documents', service: 'team-admin' },
  { prefix: '/api/admin/document', service: 'team-admin' },
  { prefix: '/api/admin/notification_settings', service: 'team-admin' },
  { prefix: '/api/tooltips', service: 'team-admin' },
  // transactions
  { prefix: '/api/transactions', service: 'transactions' },
  { prefix: '/api/transaction', service: 'transactions' },
  { prefix: '/api/rtc', service: 'transactions' },
  { prefix: '/api/tasks', service: 'transactions' },
  { prefix: '/api/contacts', service: 'transactions' },
  { prefix: '/api/boards', service: 'transactions' },
  { prefix: '/api/caps', service: 'transactions' },
  { prefix: '/api/commission', service: 'transactions' },
  { prefix: '/api/dashboards', service: 'transactions' },
  { prefix: '/api/dashboard', service: 'transactions' },
  { prefix: '/api/leaderboard', service: 'transactions' },
  { prefix: '/api/user/forms', service: 'transactions' },
  // messaging
  { prefix: '/api/messages', service: 'messaging' },
  { prefix: '/api/notifications', service: 'messaging' },
  // esign
  { prefix: '/api/esign', service: 'esign' },
  // integrations-sync
  { prefix: '/api/skyslope', service: 'integrations-sync' },
];

/** True when `path` is `prefix` itself or continues it at a segment boundary. */
function underPrefix(path: string, prefix: string): boolean {
  if (!path.startsWith(prefix)) return false;
  const next = path.charAt(prefix.length);
  return next === '' || next === '/' || next === '?';
}

/** The service that owns a request path (longest matching prefix), or undefined. */
export function resolveRoute(path: string): RouteEntry | undefined {
  let best: RouteEntry | undefined;
  for (const entry of ROUTE_TABLE) {
    if (underPrefix(path, entry.prefix) && (!best || entry.prefix.length > best.prefix.length)) {
      best = entry;
    }
  }
  return best;
}

/** Socket.io endpoint path of a service, routed by its own /api/<service> prefix. */
export function socketPathOf(service: ServiceName): string {
  return `/api/${service}/socket.io`;
}

/**
 * Reconnection of the browser sockets (Display Mode, the console's inbox): forever, first after
 * 0.5 s, never more than 2 s apart, jittered so a thousand TVs do not knock at once. A restarted API
 * (back in about 2 s) has its sockets again within about 3 s.
 */
export const SOCKET_RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 500,
  reconnectionDelayMax: 2_000,
  randomizationFactor: 0.5,
} as const;
