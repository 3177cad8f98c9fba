import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys sorted (arrays keep their order; undefined members dropped as
 * JSON.stringify drops them): two bodies that mean the same get the same text, whatever order a client
 * wrote their keys in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : sortKeys(item)));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) sorted[key] = sortKeys(member);
    }
    return sorted;
  }
  return value;
}

/** SHA-256 (hex) of the request a key was first used for: its path (with parameters), query and body. */
export function requestFingerprint(request: { path: string; query: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(canonicalJson({ path: request.path, query: request.query ?? {}, body: request.body ?? null }))
    .digest('hex');
}
