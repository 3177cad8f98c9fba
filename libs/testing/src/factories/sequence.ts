import { randomUUID } from 'node:crypto';

let counter = 0;

/** A value unique within the test run (emails, names), readable in failures: 'user-7-1a2b3c'. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${randomUUID().slice(0, 6)}`;
}
