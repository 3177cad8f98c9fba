import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { useInboxCounts } from './inboxSocket';
import { MESSAGE_LABELS as L, fill } from './messages';

/** Unread direct messages and comments together (a client's DM count is always 0). */
export const unreadTotalOf = (counts: { dms: number; comments: number } | null): number =>
  counts ? (counts.dms ?? 0) + (counts.comments ?? 0) : 0;

/**
 * The Messages menu entry's badge (spec 001): the unread count, live over the inbox socket (other tabs'
 * changes too). Wraps the entry's icon.
 */
export const UnreadBadge = ({ children }: { children: ReactNode }) => {
  const total = unreadTotalOf(useInboxCounts());
  return (
    <Badge
      color="error"
      badgeContent={total}
      max={99}
      invisible={total === 0}
      slotProps={{
        badge: { 'aria-label': fill(L.unreadBadge, { count: total }), 'data-testid': 'messages-badge', 'data-count': total } as object,
      }}
    >
      {children}
    </Badge>
  );
};
