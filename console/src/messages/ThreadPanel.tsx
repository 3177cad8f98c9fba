import type { Comment, DirectMessage } from '@app/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useBasename } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { commentLinksOf, isComment, transactionNameOf, type InboxRecord } from './inboxRules';
import type { EditorSubmission } from './MessageEditor';
import { MESSAGE_LABELS as L, fill } from './messages';
import { MessageThread, threadOfComment, threadOfDm, type ThreadMessage } from './MessageThread';

export interface ThreadPanelProps {
  record: InboxRecord | null;
  loading: boolean;
  error: unknown;
  currentUserId: number | null;
  /** Clients: no markers, replies always client-facing. */
  client: boolean;
  /** Whether the user may open transaction pages (the comment's links). */
  showLinks?: boolean;
  /** At 960 px or less: the back button to the list. */
  onBack?: () => void;
  onReply: (record: InboxRecord, submission: EditorSubmission) => Promise<void>;
  onEdit: (record: InboxRecord, message: ThreadMessage, html: string) => Promise<void>;
}

const CommentHeader = ({ comment, showLinks }: { comment: Comment; showLinks: boolean }) => {
  const basename = useBasename();
  const links = showLinks ? commentLinksOf(comment, basename) : [];
  return (
    <Box sx={{ mb: 1, pb: 1, borderBottom: 1, borderColor: 'divider' }} data-testid="thread-context">
      <Typography variant="subtitle1" component="h2">
        {fill(L.onTransaction, { name: transactionNameOf(comment.transaction) })}
      </Typography>
      {comment.transaction?.formatted_address && transactionNameOf(comment.transaction) !== comment.transaction.formatted_address && (
        <Typography variant="body2" color="text.secondary">
          {comment.transaction.formatted_address}
        </Typography>
      )}
      {comment.task && <Typography variant="body2">{fill(L.onTask, { name: comment.task.name })}</Typography>}
      {comment.document && <Typography variant="body2">{fill(L.onDocument, { name: comment.document.filename })}</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 0.5 }}>
        {links.map((link) => (
          <Link key={link.to} component={RouterLink} to={link.to} variant="body2" data-testid="thread-link">
            {link.label}
          </Link>
        ))}
      </Box>
    </Box>
  );
};

/**
 * The open thread (spec 001): the comment's transaction, task or document with their links, the top
 * message and replies, edit on one's own, the reply box; a back button at 960 px or less.
 */
export const ThreadPanel = ({
  record,
  loading,
  error,
  currentUserId,
  client,
  showLinks = true,
  onBack,
  onReply,
  onEdit,
}: ThreadPanelProps) => {
  const comment = record && isComment(record) ? record : null;
  const thread = record ? (comment ? threadOfComment(comment) : threadOfDm(record as DirectMessage)) : null;
  return (
    <Box
      component="section"
      aria-label={L.thread}
      sx={{ height: '100%', overflowY: 'auto', p: { xs: 1.5, sm: 2 }, boxSizing: 'border-box', minWidth: 0 }}
      data-testid="thread-panel"
    >
      {onBack && (
        <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 1 }} data-testid="thread-back">
          {L.back}
        </Button>
      )}
      {loading && !thread && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }} role="status" aria-label={L.loading}>
          <CircularProgress size={28} />
        </Box>
      )}
      {error && !loading ? (
        <Alert severity="error" data-testid="thread-error">
          {L.threadFailed}
        </Alert>
      ) : null}
      {!record && !loading && !error && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="thread-none">
          {L.selectMessage}
        </Typography>
      )}
      {record && thread && (
        <MessageThread
          key={`${comment ? 'c' : 'd'}${thread.top.id}`}
          top={thread.top}
          replies={thread.replies}
          currentUserId={currentUserId}
          showVisibility={!!comment && !client}
          defaultVisibility={client ? 'c' : 'i'}
          header={comment ? <CommentHeader comment={comment} showLinks={showLinks} /> : undefined}
          onEdit={(message, html) => onEdit(record, message, html)}
          onReply={(submission) => onReply(record, submission)}
        />
      )}
    </Box>
  );
};
