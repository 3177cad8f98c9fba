import { TRANSACTION_LIST_ROLES, type DirectMessage, type MessageStatus, type Role } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Loading, Title, useGetIdentity, useNotify, usePermissions } from 'react-admin';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useSearchParams } from 'react-router-dom';
import type { ConsolePermissions } from '../auth/authProvider';
import { canSee } from '../layout/screens';
import { useDebounced } from '../shared/useDebounced';
import type { MessagesApi } from './api';
import {
  filterLabelOf,
  filtersOf,
  idFromText,
  idOf,
  inboxKindOf,
  inboxKindsFor,
  isClientUser,
  isComment,
  isUnread,
  joinsList,
  messageSearchOf,
  panelsOf,
  parentIdOf,
  pushTarget,
  staysAfter,
  withStatus,
  type InboxFilter,
  type InboxKind,
  type InboxRecord,
} from './inboxRules';
import { inboxConnection, useInboxSocket, type InboxPush } from './inboxSocket';
import { InboxList } from './InboxList';
import { messagesApi } from './index';
import type { EditorSubmission } from './MessageEditor';
import { MESSAGE_LABELS as L } from './messages';
import type { ThreadMessage } from './MessageThread';
import { NewMessageDialog } from './NewMessageDialog';
import { ThreadPanel } from './ThreadPanel';
import { useInboxList } from './useInboxList';

const SEARCH_DELAY_MS = 300;

/** The page fills the window below its top edge (the list and the thread scroll inside). */
function useFillHeight() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(420, Math.floor(window.innerHeight - top - 16)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, height };
}

/** GET one thread by its kind. */
const threadLoader = (api: MessagesApi, kind: InboxKind, id: number): Promise<InboxRecord> =>
  kind === 'dms' ? api.getDirectMessage(id) : api.getComment(id);

/**
 * /app/messages?type=dms|comments&id= (spec 001 sections 2, 4, 6, 9): the message center.
 */
const MessageCenterPage = ({ api = messagesApi }: { api?: MessagesApi }) => {
  const { permissions, isPending } = usePermissions<ConsolePermissions>();
  if (isPending) return <Loading />;
  return <MessageCenter api={api} roles={permissions?.roles ?? []} />;
};

const MessageCenter = ({ api, roles }: { api: MessagesApi; roles: readonly Role[] }) => {
  const [params, setParams] = useSearchParams();
  const kind = inboxKindOf(params.get('type'), roles);
  const openId = idFromText(params.get('id'));
  const client = isClientUser(roles);
  const kinds = inboxKindsFor(roles);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const panels = panelsOf(narrow, openId);
  const { identity } = useGetIdentity();
  const userId = typeof identity?.id === 'number' ? identity.id : identity?.id ? Number(identity.id) : null;
  const notify = useNotify();
  const { ref, height } = useFillHeight();

  // The URL always names the inbox shown (a client's 'dms', or none, becomes comments / their first).
  useEffect(() => {
    if (params.get('type') !== kind) setParams(messageSearchOf(kind, openId), { replace: true });
  }, [params, kind, openId, setParams]);

  const [filter, setFilter] = useState<InboxFilter>('all');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(setSearch, SEARCH_DELAY_MS);
  const list = useInboxList(api, kind, filter, search);

  const switchKind = (next: InboxKind) => {
    if (next === kind) return;
    setFilter('all');
    setSearchText('');
    setSearch('');
    debounced.cancel();
    setParams(messageSearchOf(next, null));
  };

  // ---------------------------------------------------------------------------------- the open thread
  const [thread, setThread] = useState<{ key: string; record: InboxRecord | null; loading: boolean; error: unknown }>({
    key: '',
    record: null,
    loading: false,
    error: null,
  });
  const threadKey = openId === null ? '' : `${kind}:${openId}`;
  const threadKeyRef = useRef(threadKey);
  threadKeyRef.current = threadKey;

  const setStatus = useCallback(
    async (record: InboxRecord, status: MessageStatus) => {
      if (isComment(record))
        await api.setCommentStatus({ comment_id: record.comment_id, comment_type: record.comment_type, status, client });
      else await api.setDirectMessageStatus({ dm_id: record.dm_id, status });
    },
    [api, client],
  );

  /** Opening marks read (spec 001 section 4): the thread, the list's item and the counts. */
  const markRead = useCallback(
    (record: InboxRecord) => {
      if (!isUnread(record)) return;
      const read = withStatus(record, 'read');
      setStatus(record, 'read').then(
        () => {
          if (threadKeyRef.current === `${isComment(record) ? 'comments' : 'dms'}:${idOf(record)}`)
            setThread((current) => ({ ...current, record: read }));
          if (list.has(idOf(record))) {
            if (staysAfter('read', filter)) list.upsert(read, false);
            else list.remove(idOf(record));
          }
          void inboxConnection.refreshCounts();
        },
        () => undefined,
      );
    },
    [setStatus, list, filter],
  );

  const loadThread = useCallback(
    (quiet: boolean) => {
      if (openId === null) return;
      const key = `${kind}:${openId}`;
      if (!quiet) setThread({ key, record: null, loading: true, error: null });
      threadLoader(api, kind, openId).then(
        (record) => {
          if (threadKeyRef.current !== key) return;
          setThread({ key, record, loading: false, error: null });
          markRead(record);
        },
        (error: unknown) => {
          if (threadKeyRef.current !== key) return;
          setThread({ key, record: null, loading: false, error });
        },
      );
    },
    [api, kind, openId, markRead],
  );
  const loadThreadRef = useRef(loadThread);
  loadThreadRef.current = loadThread;
  // A URL with type and id opens that message; another id opens another.
  useEffect(() => {
    if (openId === null) setThread({ key: '', record: null, loading: false, error: null });
    else loadThreadRef.current(false);
  }, [kind, openId]);

  const select = (record: InboxRecord) => setParams(messageSearchOf(kind, idOf(record)));
  const back = () => setParams(messageSearchOf(kind, null));

  // ------------------------------------------------------------------------------------- live updates
  const live = useRef({ kind, filter, search, userId, list, roles });
  live.current = { kind, filter, search, userId, list, roles };
  useInboxSocket(
    useCallback(
      ({ type, push }: InboxPush) => {
        const { kind: shown, filter: shownFilter, search: shownSearch, userId: me, list: shownList } = live.current;
        const target = pushTarget(push);
        if (target.kind !== shown) return;
        if (threadKeyRef.current === `${shown}:${target.threadId}`) loadThreadRef.current(true);
        const listed = shownList.has(target.threadId);
        if (!listed && (shownSearch.trim() !== '' || shownFilter === 'archived')) return;
        // The server pushes the whole thread as the caller sees it; a reply alone is read again as its thread.
        const thread =
          parentIdOf(push.record) === null ? Promise.resolve(push.record as InboxRecord) : threadLoader(api, shown, target.threadId);
        thread.then(
          (record) => {
            if (live.current.kind !== shown) return;
            if (
              live.current.list.has(target.threadId) ||
              joinsList(shown, live.current.filter, live.current.search, record, me, live.current.roles)
            ) {
              live.current.list.upsert(record, type === 'created');
            }
          },
          () => undefined,
        );
      },
      [api],
    ),
  );

  // --------------------------------------------------------------------------------------- actions
  const changeStatus = async (record: InboxRecord, status: MessageStatus) => {
    try {
      await setStatus(record, status);
    } catch (error) {
      notify((error as Error)?.message || L.statusFailed, { type: 'error' });
      return;
    }
    if (staysAfter(status, filter)) list.upsert(withStatus(record, status), false);
    else list.remove(idOf(record));
    if (thread.record && idOf(thread.record) === idOf(record) && isComment(thread.record) === isComment(record)) {
      setThread((current) => ({ ...current, record: current.record ? withStatus(current.record, status) : null }));
    }
    void inboxConnection.refreshCounts();
  };

  const [bulkAnchor, setBulkAnchor] = useState<HTMLElement | null>(null);
  const bulk = async (status: 'read' | 'archived') => {
    setBulkAnchor(null);
    try {
      if (kind === 'dms') await api.bulkDirectMessageStatus({ status });
      else await api.bulkCommentStatus({ status });
    } catch (error) {
      notify((error as Error)?.message || L.statusFailed, { type: 'error' });
      return;
    }
    list.reload();
    if (thread.record && status === 'read')
      setThread((current) => ({ ...current, record: current.record ? withStatus(current.record, 'read') : null }));
    void inboxConnection.refreshCounts();
  };

  const reply = async (record: InboxRecord, { html, visibility }: EditorSubmission) => {
    if (isComment(record)) {
      await api.createComment({
        comment_type: record.comment_type,
        comment_on_id: record.comment_on_id,
        comment_value: html,
        parent_comment_id: record.comment_id,
        visibility: client ? 'c' : visibility,
      });
    } else {
      await api.createDirectMessage({ dm_value: html, parent_dm_id: record.dm_id });
    }
    loadThread(true);
  };

  const edit = async (record: InboxRecord, message: ThreadMessage, html: string) => {
    if (isComment(record)) {
      await api.updateComment({
        comment_id: message.id,
        comment_type: record.comment_type,
        comment_on_id: record.comment_on_id,
        comment_value: html,
      });
    } else {
      await api.updateDirectMessage({ dm_id: message.id, dm_value: html });
    }
    notify(L.saved, { type: 'success' });
    loadThread(true);
  };

  const [composing, setComposing] = useState(false);
  const sent = (message: DirectMessage) => {
    if (kind === 'dms' && joinsList('dms', filter, search, message, userId)) list.upsert(message, true);
  };

  // ------------------------------------------------------------------------------------------ layout
  const listPanel = (
    <Box
      component="section"
      aria-label={kind === 'dms' ? L.dms : L.comments}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minWidth: 0 }}
      data-testid="inbox-panel"
    >
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Typography variant="h6" component="h1" sx={{ flex: 1, minWidth: 0 }} noWrap>
            {L.pageTitle}
          </Typography>
          {!client && (
            <>
              <IconButton
                aria-label={L.bulkMenu}
                aria-haspopup="menu"
                onClick={(event) => setBulkAnchor(event.currentTarget)}
                data-testid="bulk-menu"
              >
                <MoreHorizIcon />
              </IconButton>
              <Menu anchorEl={bulkAnchor} open={!!bulkAnchor} onClose={() => setBulkAnchor(null)}>
                <MenuItem onClick={() => void bulk('read')} data-testid="bulk-read">
                  {L.markAllRead}
                </MenuItem>
                <MenuItem onClick={() => void bulk('archived')} data-testid="bulk-archived">
                  {L.archiveAll}
                </MenuItem>
              </Menu>
            </>
          )}
        </Box>
        {!client && (
          <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setComposing(true)} data-testid="new-message">
            {L.newMessage}
          </Button>
        )}
        {kinds.length > 1 && (
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={kind}
            onChange={(_event, next: InboxKind | null) => next && switchKind(next)}
            aria-label={L.inboxType}
            data-testid="inbox-kind"
          >
            <ToggleButton value="dms" data-testid="inbox-kind-dms">
              {L.dms}
            </ToggleButton>
            <ToggleButton value="comments" data-testid="inbox-kind-comments">
              {L.comments}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
        {kinds.length === 1 && (
          <Typography variant="subtitle2" component="h2" data-testid="inbox-kind-title">
            {L.comments}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={L.filter}
            value={filter}
            onChange={(event) => setFilter(event.target.value as InboxFilter)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'inbox-filter' } as object } }}
          >
            {filtersOf(kind).map((item) => (
              <MenuItem key={item} value={item} data-testid={`inbox-filter-${item}`}>
                {filterLabelOf(item)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="search"
            label={L.search}
            placeholder={L.searchPlaceholder}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              debounced.call(event.target.value);
            }}
            fullWidth
            slotProps={{
              htmlInput: { 'data-testid': 'inbox-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: searchText ? (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      aria-label={L.clearSearch}
                      onClick={() => {
                        setSearchText('');
                        debounced.cancel();
                        setSearch('');
                      }}
                    >
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
        </Box>
      </Box>
      <InboxList
        items={list.items}
        filter={filter}
        loading={list.loading}
        loaded={list.loaded}
        hasNext={list.hasNext}
        error={list.error}
        selectedId={openId}
        showVisibility={!client}
        onSelect={select}
        onStatus={(record, status) => void changeStatus(record, status)}
        onLoadMore={list.loadMore}
        onRetry={list.reload}
      />
    </Box>
  );

  const threadPanel = (
    <ThreadPanel
      record={thread.key === threadKey ? thread.record : null}
      loading={thread.key === threadKey ? thread.loading : openId !== null}
      error={thread.key === threadKey ? thread.error : null}
      currentUserId={userId}
      client={client}
      showLinks={canSee({ roles: TRANSACTION_LIST_ROLES }, roles)}
      onBack={narrow ? back : undefined}
      onReply={reply}
      onEdit={edit}
    />
  );

  return (
    <Box
      ref={ref}
      data-testid="messages-page"
      data-layout={narrow ? 'narrow' : 'wide'}
      sx={{
        height: height ?? 600,
        mt: 1,
        display: 'flex',
        minWidth: 0,
        bgcolor: 'background.paper',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
      }}
    >
      <Title title={L.pageTitle} />
      {narrow ? (
        <Box sx={{ flex: 1, minWidth: 0, height: '100%' }}>{panels.list ? listPanel : threadPanel}</Box>
      ) : (
        <Group orientation="horizontal" id="messages-splitter" style={{ height: '100%', width: '100%' }}>
          <Panel id="messages-list" defaultSize="25" minSize="20">
            {listPanel}
          </Panel>
          <Separator
            aria-label={L.resize}
            style={{ width: 6, cursor: 'col-resize', background: 'var(--mui-palette-divider, rgba(0,0,0,0.12))' }}
            data-testid="messages-separator"
          />
          <Panel id="messages-thread" defaultSize="75" minSize="20">
            {threadPanel}
          </Panel>
        </Group>
      )}
      <NewMessageDialog
        open={composing}
        onClose={() => setComposing(false)}
        api={api}
        onSent={(message) => {
          sent(message);
          if (kind === 'dms') setParams(messageSearchOf('dms', message.dm_id));
        }}
      />
    </Box>
  );
};

// Default export: menu.ts loads this chunk with React.lazy.
export default MessageCenterPage;
