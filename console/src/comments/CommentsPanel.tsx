import type { Comment, CommentType, CommentVisibility, MentionOption } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ClearButtons, FormatButtons, LinkButtons, ListButtons, RichTextInputToolbar } from 'ra-input-rich-text';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useGetIdentity, useLogoutIfAccessDenied, useNotify, usePermissions } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { fieldErrorsOf, messageOf } from '../account/fieldErrors';
import type { ConsolePermissions } from '../auth/authProvider';
import { RichTextInput, sanitizeRichText } from '../shared/form-fields';
import { commentsApi } from '.';
import { useCommentPushes } from './live';
import { applyMentions, mentionsIn, type ChosenMention } from './mentions';
import { MentionSuggestions, initialsOf } from './MentionSuggestions';
import { COMMENT_LABELS as L } from './messages';

export interface CommentsPanelProps {
  /** What the comments are on: a transaction (trans) or a task. */
  commentType: Extract<CommentType, 'trans' | 'task'>;
  /** The transaction's client_id or the task's task_id. */
  commentOnId: number;
  /** data-testid of the panel (the modals' and page's own names). */
  testId?: string;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const commentTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
};

/** Oldest first, as a conversation reads. */
const byCreated = (a: Comment, b: Comment) => a.created_ts.localeCompare(b.created_ts) || a.comment_id - b.comment_id;

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
      const loaded = await commentsApi.listOn(commentType, commentOnId);
      if (mine !== ticket.current) return;
      setComments([...loaded].sort(byCreated).map((comment) => ({ ...comment, thread: [...(comment.thread ?? [])].sort(byCreated) })));
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
 * The comments of a transaction or a task (issue 15, Console screens: CommentsPanel), in the task modal,
 * the transaction modal and the transaction page: threads with their replies (avatar, name, time,
 * '(edited)', Internal / Client-facing for non-clients), a new comment, a reply per thread, editing one's
 * own; the text is the shared RichTextInput with @ mentions. Clients post client-facing only; others
 * choose the reply type. New and edited comments of the item arrive over the inbox socket.
 */
export const CommentsPanel = ({ commentType, commentOnId, testId }: CommentsPanelProps) => {
  const headingId = useId();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { permissions } = usePermissions<ConsolePermissions>();
  const { identity } = useGetIdentity();
  const isClient = !!permissions?.roles?.includes('CLIENT');
  const { comments, error, reload } = useComments(commentType, commentOnId);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);

  useCommentPushes(
    useCallback(
      (record: Comment) => {
        if (record.comment_type === commentType && record.comment_on_id === commentOnId) void reload();
      },
      [commentType, commentOnId, reload],
    ),
  );

  const failed = (caught: unknown): string | undefined => {
    void logoutIfAccessDenied(caught);
    const fields = fieldErrorsOf(caught);
    const message = fields.comment_value ?? Object.values(fields)[0];
    if (message) return message;
    notify(messageOf(caught, L.saveFailed), { type: 'error' });
    return undefined;
  };

  const post = async (value: string, visibility: CommentVisibility, parentId: number | null) => {
    await commentsApi.create({
      comment_type: commentType,
      comment_on_id: commentOnId,
      comment_value: value,
      parent_comment_id: parentId,
      visibility: isClient ? 'c' : visibility,
    });
    notify(L.posted, { type: 'success', autoHideDuration: 1500 });
    if (parentId !== null) setReplyingTo(null);
    await reload();
  };
  const edit = async (comment: Comment, value: string) => {
    await commentsApi.update({ comment_id: comment.comment_id, comment_type: comment.comment_type, comment_on_id: comment.comment_on_id, comment_value: value });
    notify(L.updated, { type: 'success', autoHideDuration: 1500 });
    setEditing(null);
    await reload();
  };

  const itemProps = (comment: Comment) => ({
    comment,
    isClient,
    own: identity !== undefined && Number(identity.id) === comment.author.id,
    editing: editing === comment.comment_id,
    onEdit: () => setEditing(comment.comment_id),
    onCancelEdit: () => setEditing(null),
    onSave: (value: string) => edit(comment, value),
    failed,
  });

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
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="comments-list">
          {comments.map((comment) => (
            <Box component="li" key={comment.comment_id} data-testid="comment-thread" data-comment-id={comment.comment_id}>
              <CommentItem {...itemProps(comment)} />
              {comment.thread.length > 0 && (
                <Box component="ul" aria-label={L.replies} sx={{ listStyle: 'none', m: 0, mt: 1, pl: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 1 }}>
                  {comment.thread.map((reply) => (
                    <Box component="li" key={reply.comment_id} data-testid="comment-reply" data-comment-id={reply.comment_id}>
                      <CommentItem {...itemProps(reply)} />
                    </Box>
                  ))}
                </Box>
              )}
              <Box sx={{ pl: { xs: 2, sm: 4 }, mt: 0.5 }}>
                {replyingTo === comment.comment_id ? (
                  <CommentComposer
                    label={L.replyTo.replace('{name}', comment.author.name)}
                    submitLabel={L.sendReply}
                    chooseVisibility={!isClient}
                    defaultVisibility={comment.visibility}
                    onSubmit={(value, visibility) => post(value, visibility, comment.comment_id)}
                    onCancel={() => setReplyingTo(null)}
                    failed={failed}
                    testId="comment-reply-composer"
                  />
                ) : (
                  <Button size="small" onClick={() => setReplyingTo(comment.comment_id)} aria-label={L.replyTo.replace('{name}', comment.author.name)} data-testid="comment-reply-button">
                    {L.reply}
                  </Button>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {!error && (
        <Box sx={{ mt: 2 }}>
          <CommentComposer
            label={L.newComment}
            submitLabel={L.post}
            chooseVisibility={!isClient}
            defaultVisibility="i"
            onSubmit={(value, visibility) => post(value, visibility, null)}
            failed={failed}
            testId="comment-composer"
          />
        </Box>
      )}
    </Box>
  );
};

interface CommentItemProps {
  comment: Comment;
  isClient: boolean;
  own: boolean;
  editing: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (value: string) => Promise<void>;
  failed: (caught: unknown) => string | undefined;
}

/** One comment: avatar, name, time, '(edited)', the marker for non-clients, the text; Edit on one's own. */
const CommentItem = ({ comment, isClient, own, editing, onEdit, onCancelEdit, onSave, failed }: CommentItemProps) => (
  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }} data-testid="comment">
    <Avatar src={comment.author.profile_image && /^(https?:|\/)/.test(comment.author.profile_image) ? comment.author.profile_image : undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
      {initialsOf(comment.author.name)}
    </Avatar>
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600 }} data-testid="comment-author">
          {comment.author.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="time" dateTime={comment.created_ts}>
          {commentTime(comment.created_ts)}
        </Typography>
        {comment.updated_ts && (
          <Typography variant="caption" color="text.secondary" component="span" data-testid="comment-edited">
            {L.edited}
          </Typography>
        )}
        {!isClient && (
          <Chip
            size="small"
            variant="outlined"
            color={comment.visibility === 'c' ? 'primary' : 'default'}
            label={comment.visibility === 'c' ? L.clientFacing : L.internal}
            data-testid="comment-visibility"
            sx={{ height: 20 }}
          />
        )}
        {own && !editing && (
          <Button size="small" onClick={onEdit} sx={{ ml: 'auto', minWidth: 0 }} aria-label={`${L.edit}: ${comment.author.name}, ${commentTime(comment.created_ts)}`} data-testid="comment-edit">
            {L.edit}
          </Button>
        )}
      </Box>
      {editing ? (
        <CommentComposer
          label={L.edit}
          submitLabel={L.save}
          initialValue={comment.comment_value}
          chooseVisibility={false}
          defaultVisibility={comment.visibility}
          onSubmit={(value) => onSave(value)}
          onCancel={onCancelEdit}
          failed={failed}
          testId="comment-edit-composer"
        />
      ) : (
        <CommentBody html={comment.comment_value} />
      )}
    </Box>
  </Box>
);

/** The comment's HTML as the server stored it, sanitised once more; mentions stand out. */
export const CommentBody = ({ html }: { html: string }) => (
  <Box
    data-testid="comment-body"
    sx={{
      typography: 'body2',
      overflowWrap: 'anywhere',
      '& p': { my: 0.25 },
      '& ul, & ol': { my: 0.25, pl: 3 },
      '& [data-mention]': { color: 'primary.main', fontWeight: 600 },
    }}
    dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
  />
);

interface ComposerProps {
  label: string;
  submitLabel: string;
  initialValue?: string;
  /** The reply type choice (non-clients; clients post client-facing only, an edit keeps its type). */
  chooseVisibility: boolean;
  defaultVisibility: CommentVisibility;
  onSubmit: (value: string, visibility: CommentVisibility) => Promise<void>;
  onCancel?: () => void;
  /** A refused call: the field's message, if it has one (else it was told otherwise). */
  failed: (caught: unknown) => string | undefined;
  testId: string;
}

interface ComposerValues {
  comment_value: string;
}

const mentionSearch = (term: string): Promise<MentionOption[]> => commentsApi.mentionOptions(term);

/**
 * A comment's text (the shared RichTextInput with @ mentions) and, for non-clients, the reply type. Not a
 * <form>: it sits inside the task modal's form. The field's server error shows under it.
 */
export const CommentComposer = ({ label, submitLabel, initialValue = '', chooseVisibility, defaultVisibility, onSubmit, onCancel, failed, testId }: ComposerProps) => {
  const editorId = useId();
  const form = useForm<ComposerValues>({ defaultValues: { comment_value: initialValue }, mode: 'onSubmit' });
  const [visibility, setVisibility] = useState<CommentVisibility>(defaultVisibility);
  const [sending, setSending] = useState(false);
  const chosen = useRef<ChosenMention[]>(mentionsIn(initialValue));
  const onChoose = useCallback((mention: ChosenMention) => {
    chosen.current = [...chosen.current, mention];
  }, []);

  const submit = form.handleSubmit(async ({ comment_value }) => {
    setSending(true);
    try {
      await onSubmit(applyMentions(comment_value, chosen.current), visibility);
      chosen.current = [];
      form.reset({ comment_value: '' });
    } catch (caught) {
      const message = failed(caught);
      if (message) form.setError('comment_value', { type: 'server', message }, { shouldFocus: true });
    } finally {
      setSending(false);
    }
  });

  return (
    <FormProvider {...form}>
      <Box data-testid={testId} sx={{ minWidth: 0 }}>
        <RichTextInput
          id={`comment-${editorId}`}
          source="comment_value"
          label={label}
          required
          fullWidth
          helperText={false}
          toolbar={
            <RichTextInputToolbar size="small">
              <FormatButtons size="small" />
              <ListButtons size="small" />
              <LinkButtons size="small" />
              <ClearButtons size="small" />
              <MentionSuggestions search={mentionSearch} onChoose={onChoose} />
            </RichTextInputToolbar>
          }
          sx={{ '& .ProseMirror': { minHeight: 72, maxHeight: 220, overflowY: 'auto' }, '& .RaRichTextInputToolbar-root': { flexWrap: 'wrap' } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
          {chooseVisibility && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <FormLabel id={`${editorId}-type`} sx={{ typography: 'caption' }}>
                {L.replyType}
              </FormLabel>
              <RadioGroup row aria-labelledby={`${editorId}-type`} value={visibility} onChange={(event) => setVisibility(event.target.value as CommentVisibility)} data-testid="comment-visibility-choice">
                <FormControlLabel value="i" control={<Radio size="small" />} label={L.internal} slotProps={{ typography: { variant: 'body2' } }} />
                <FormControlLabel value="c" control={<Radio size="small" />} label={L.clientFacing} slotProps={{ typography: { variant: 'body2' } }} />
              </RadioGroup>
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
            {onCancel && (
              <Button size="small" onClick={onCancel} disabled={sending}>
                {L.cancel}
              </Button>
            )}
            <Button size="small" variant="contained" onClick={() => void submit()} disabled={sending} data-testid={`${testId}-submit`}>
              {submitLabel}
            </Button>
          </Box>
        </Box>
      </Box>
    </FormProvider>
  );
};

