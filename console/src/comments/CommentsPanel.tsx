import type { Comment, CommentType, CommentVisibility } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useGetIdentity, useLogoutIfAccessDenied, useNotify, usePermissions } from 'react-admin';
import { messageOf } from '../shared/forms/fieldErrors';
import type { ConsolePermissions } from '../auth/authProvider';
import { messagesApi } from '../messages';
import { useInboxSocket, type InboxPush } from '../messages/inboxSocket';
import { isClientUser } from '../messages/inboxRules';
import { MessageEditor, type EditorSubmission } from '../messages/MessageEditor';
import { MessageThread, threadOfComment, type ThreadMessage } from '../messages/MessageThread';
import { COMMENT_LABELS as L } from './messages';

export interface CommentsPanelProps {
  /** What the comments are on: a transaction (trans) or a task. */
  commentType: Extract<CommentType, 'trans' | 'task'>;
  /** The transaction's client_id or the task's task_id. */
  commentOnId: number;
  /** data-testid of the panel (the modals' and page's own names). */
  testId?: string;
}

/** Oldest first, as a conversation reads. */
const byCreated = (a: Comment, b: Comment) => a.created_ts.localeCompare(b.created_ts) || a.comment_id - b.comment_id;

/** The threads answered bare or as a page, oldest first, replies oldest first. */
export function threadsOf(body: Comment[] | { records: Comment[] } | null): Comment[] {
  const list = Array.isArray(body) ? body : (body?.records ?? []);
  return [...list].sort(byCreated).map((comment) => ({ ...comment, thread: [...(comment.thread ?? [])].sort(byCreated) }));
}

/** Whether a pushed message is a comment on this transaction or task (a new thread, a reply or an edit). */
export const isPushFor = (event: InboxPush, commentType: CommentType, commentOnId: number): boolean =>
  event.push.kind === 'comment' && event.push.record.comment_type === commentType && event.push.record.comment_on_id === commentOnId;

/** GET /messages/comments/on/{type}/{id}, again on reload() (after a post, an edit or a push). */
function useComments(commentType: CommentType, commentOnId: number) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  logoutRef.current = logoutIfAccessDenied;
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ticket = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++ticket.current;
    try {
      const loaded = threadsOf(await messagesApi.listCommentsOn(commentType, commentOnId));
      if (mine !== ticket.current) return;
      setComments(loaded);
      setError(null);
    } catch (caught) {
      if (mine !== ticket.current) return;
      void logoutRef.current(caught);
      setError(messageOf(caught, L.loadFailed));
    }
  }, [commentType, commentOnId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { comments, error, reload };
}

/**
 * The comments of a transaction or a task (spec 001 section 2), in the task modal,
 * the transaction modal and the transaction page: each thread (the message center's MessageThread:
 * avatar, name, time, '(edited)', Internal / Client-facing for non-clients, Edit on one's own), a Reply
 * per thread and a new comment, both the message center's editor with @ mentions. The reply type gives
 * the visibility (non-clients choose; clients post client-facing). Comments of this item pushed over the
 * inbox socket (new, replies, edits) load the list again.
 */
export const CommentsPanel = ({ commentType, commentOnId, testId }: CommentsPanelProps) => {
  const headingId = useId();
  const notify = useNotify();
  const { permissions } = usePermissions<ConsolePermissions>();
  const { identity } = useGetIdentity();
  const isClient = isClientUser(permissions?.roles);
  const userId = identity?.id === undefined ? null : Number(identity.id);
  const { comments, error, reload } = useComments(commentType, commentOnId);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);

  useInboxSocket(
    useCallback(
      (event: InboxPush) => {
        if (isPushFor(event, commentType, commentOnId)) void reload();
      },
      [commentType, commentOnId, reload],
    ),
  );

  const post = async ({ html, visibility }: EditorSubmission, parentId: number | null) => {
    await messagesApi.createComment({
      comment_type: commentType,
      comment_on_id: commentOnId,
      comment_value: html,
      parent_comment_id: parentId,
      visibility: isClient ? 'c' : visibility,
    });
    notify(L.posted, { type: 'success', autoHideDuration: 1500 });
    if (parentId !== null) setReplyingTo(null);
    await reload();
  };
  const edit = async (message: ThreadMessage, html: string) => {
    await messagesApi.updateComment({ comment_id: message.id, comment_type: commentType, comment_on_id: commentOnId, comment_value: html });
    notify(L.updated, { type: 'success', autoHideDuration: 1500 });
    await reload();
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      data-comment-type={commentType}
      data-comment-on-id={commentOnId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {L.comments}
      </Typography>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void reload()}>
              {L.retry}
            </Button>
          }
          data-testid="comments-error"
        >
          {error}
        </Alert>
      ) : comments === null ? (
        <Box role="status" aria-busy aria-label={L.loading} data-testid="comments-loading">
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="rounded" height={48} sx={{ mt: 1 }} />
        </Box>
      ) : comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="comments-empty">
          {L.empty}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
          data-testid="comments-list"
        >
          {comments.map((comment) => {
            const { top, replies } = threadOfComment(comment);
            const replyLabel = L.replyTo.replace('{name}', comment.author.name);
            return (
              <Box
                component="li"
                key={comment.comment_id}
                data-testid="comment-thread"
                data-comment-id={comment.comment_id}
                sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}
              >
                <MessageThread top={top} replies={replies} currentUserId={userId} showVisibility={!isClient} onEdit={edit} />
                <Box sx={{ pl: { xs: 2, sm: 5 } }}>
                  {replyingTo === comment.comment_id ? (
                    <MessageEditor
                      label={replyLabel}
                      submitLabel={L.sendReply}
                      visibilityChoice={!isClient}
                      defaultVisibility={comment.visibility}
                      autoFocus
                      onSubmit={(submission) => post(submission, comment.comment_id)}
                      onCancel={() => setReplyingTo(null)}
                      testId="comment-reply-editor"
                    />
                  ) : (
                    <Button
                      size="small"
                      onClick={() => setReplyingTo(comment.comment_id)}
                      aria-label={replyLabel}
                      data-testid="comment-reply-button"
                    >
                      {L.reply}
                    </Button>
                  )}
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      {!error && (
        <Box sx={{ mt: 2 }}>
          <MessageEditor
            label={L.newComment}
            placeholder={L.placeholder}
            submitLabel={L.post}
            visibilityChoice={!isClient}
            defaultVisibility={'i' satisfies CommentVisibility}
            onSubmit={(submission) => post(submission, null)}
            testId="comment-editor"
          />
        </Box>
      )}
    </Box>
  );
};
