import type { MessageStatus } from '@app/contracts';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import {
  contextMenuOf,
  htmlOf,
  idOf,
  isComment,
  isUnread,
  plainTextOf,
  shouldLoadMore,
  transactionNameOf,
  type InboxFilter,
  type InboxRecord,
} from './inboxRules';
import { MESSAGE_LABELS as L, fill } from './messages';
import { MessageAvatar, messageTimeOf, shortTimeOf, VisibilityMarker } from './MessageThread';

export interface InboxListProps {
  items: readonly InboxRecord[];
  filter: InboxFilter;
  loading: boolean;
  loaded: boolean;
  hasNext: boolean;
  error: unknown;
  selectedId: number | null;
  /** Internal / Client-facing markers (non-clients). */
  showVisibility: boolean;
  onSelect: (record: InboxRecord) => void;
  onStatus: (record: InboxRecord, status: MessageStatus) => void;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** The latest activity of a thread: its last reply, else itself. */
const latestOf = (record: InboxRecord): InboxRecord => {
  const thread = record.thread as InboxRecord[];
  return thread?.length ? thread[thread.length - 1] : record;
};

/**
 * The inbox's items (spec 001 sections 2 and 9): unread marker, author, preview, time, the comment's
 * transaction and Internal / Client-facing marker, a context menu per item (also on right click), the
 * next page near the bottom while has_next, 'No messages' when empty.
 */
export const InboxList = ({
  items,
  filter,
  loading,
  loaded,
  hasNext,
  error,
  selectedId,
  showVisibility,
  onSelect,
  onStatus,
  onLoadMore,
  onRetry,
}: InboxListProps) => {
  const scroller = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement | null; position?: { top: number; left: number }; record: InboxRecord } | null>(
    null,
  );

  const check = () => {
    const box = scroller.current;
    if (box && shouldLoadMore(box, { hasNext, loading })) onLoadMore();
  };
  // A page that does not fill the box cannot be scrolled: ask for the next one straight away.
  useEffect(check);

  const openMenu = (event: MouseEvent<HTMLElement>, record: InboxRecord, atPointer: boolean) => {
    event.preventDefault();
    event.stopPropagation();
    // The context-menu key (or Shift+F10) has no pointer: the menu opens at the item then.
    const pointer = atPointer && (event.clientX !== 0 || event.clientY !== 0);
    setMenu(
      pointer ? { anchor: null, position: { top: event.clientY, left: event.clientX }, record } : { anchor: event.currentTarget, record },
    );
  };

  return (
    <Box ref={scroller} onScroll={check} sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }} data-testid="inbox-scroller">
      {error && !loading ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {L.retry}
            </Button>
          }
          sx={{ m: 1 }}
          data-testid="inbox-error"
        >
          {L.loadFailed}
        </Alert>
      ) : null}
      {loaded && !error && items.length === 0 && !loading && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="inbox-empty">
          {L.noMessages}
        </Typography>
      )}
      {items.length > 0 && (
        <Box component="ul" aria-label={L.pageTitle} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="inbox-list">
          {items.map((record) => {
            const id = idOf(record);
            const unread = isUnread(record);
            const latest = latestOf(record);
            const comment = isComment(record) ? record : null;
            return (
              <Box
                component="li"
                key={id}
                sx={{ display: 'flex', alignItems: 'stretch', borderBottom: 1, borderColor: 'divider' }}
                data-testid="inbox-item"
                data-id={id}
                data-unread={unread}
              >
                <ListItemButton
                  selected={id === selectedId}
                  onClick={() => onSelect(record)}
                  onContextMenu={(event) => openMenu(event, record, true)}
                  aria-current={id === selectedId ? 'true' : undefined}
                  sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, pr: 0.5, minWidth: 0 }}
                  data-testid="inbox-item-open"
                >
                  <Box sx={{ position: 'relative', flexShrink: 0 }}>
                    <MessageAvatar name={record.author.name} image={record.author.profile_image} />
                    {unread && (
                      <Box
                        component="span"
                        role="img"
                        aria-label={L.unread}
                        data-testid="unread-marker"
                        sx={{
                          position: 'absolute',
                          top: -2,
                          right: -2,
                          width: 12,
                          height: 12,
                          borderRadius: '50%',
                          bgcolor: 'primary.main',
                          border: 2,
                          borderColor: 'background.paper',
                        }}
                      />
                    )}
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
                      <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: unread ? 700 : 500 }}>
                        {record.author.name}
                        {record.thread?.length ? ` (${record.thread.length + 1})` : ''}
                      </Typography>
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        noWrap
                        component="time"
                        dateTime={latest.created_ts}
                        title={messageTimeOf(latest.created_ts)}
                        sx={{ flexShrink: 0 }}
                      >
                        {shortTimeOf(latest.created_ts)}
                      </Typography>
                    </Box>
                    {comment && (
                      <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="inbox-item-context">
                        {transactionNameOf(comment.transaction)}
                        {comment.task ? ` · ${comment.task.name}` : ''}
                        {comment.document ? ` · ${comment.document.filename}` : ''}
                      </Typography>
                    )}
                    <Typography
                      variant="body2"
                      color={unread ? 'text.primary' : 'text.secondary'}
                      sx={{
                        overflow: 'hidden',
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {plainTextOf(htmlOf(latest))}
                    </Typography>
                    {comment && showVisibility && (
                      <Box sx={{ mt: 0.5 }}>
                        <VisibilityMarker visibility={comment.visibility} />
                      </Box>
                    )}
                  </Box>
                </ListItemButton>
                <IconButton
                  aria-label={fill(L.itemActionsOf, { name: record.author.name })}
                  aria-haspopup="menu"
                  onClick={(event) => openMenu(event, record, false)}
                  sx={{ alignSelf: 'center', mx: 0.25 }}
                  size="small"
                  data-testid="inbox-item-menu"
                >
                  <MoreVertIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      )}
      {loading && (
        <Box
          sx={{ display: 'flex', justifyContent: 'center', p: 2 }}
          role="status"
          aria-label={loaded ? L.loadingMore : L.loading}
          data-testid="inbox-loading"
        >
          <CircularProgress size={24} />
        </Box>
      )}
      <Menu
        open={!!menu}
        anchorEl={menu?.anchor}
        anchorReference={menu?.position ? 'anchorPosition' : 'anchorEl'}
        anchorPosition={menu?.position}
        onClose={() => setMenu(null)}
        data-testid="inbox-item-actions"
      >
        {menu &&
          contextMenuOf(menu.record, filter).map((item) => (
            <MenuItem
              key={item.status}
              onClick={() => {
                const record = menu.record;
                setMenu(null);
                onStatus(record, item.status);
              }}
              data-testid={`inbox-action-${item.status}`}
            >
              {item.label}
            </MenuItem>
          ))}
      </Menu>
    </Box>
  );
};
