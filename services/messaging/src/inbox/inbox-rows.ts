import type { MessageAuthor } from '@app/contracts';
import type { TableRow } from '@app/database';

/** Author columns every message query selects (a LEFT JOIN on messaging.users as `a`). */
export const AUTHOR_COLUMNS = `btrim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) AS author_name, a.profile_image_path AS author_profile_image`;

export interface AuthorColumns {
  author_name: string;
  /** Left-joined: null without the author's row as well. */
  author_profile_image: TableRow<'messaging.users'>['profile_image_path'] | null;
}

export const authorOf = (row: AuthorColumns): MessageAuthor => ({ name: row.author_name, profile_image: row.author_profile_image });

/** A timestamp as the wire has it (ISO), or null. */
export const isoOf = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * The caller's read mark of one message of a thread: the thread's mark when it is not older than the
 * message (a later reply is unread until the thread is read again), else null.
 */
export function readMarkOf(threadMark: Date | string | null, createdTs: Date | string): string | null {
  if (threadMark === null) return null;
  return new Date(threadMark).getTime() >= new Date(createdTs).getTime() ? isoOf(threadMark) : null;
}
