import type { Comment, CommentVisibility, DirectMessage } from '@app/contracts';
import EditIcon from '@mui/icons-material/Edit';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { sanitizeRichText } from '../shared/form-fields';
import { isEdited } from './inboxRules';
import { MessageEditor, type EditorSubmission } from './MessageEditor';
import { MESSAGE_LABELS as L, fill } from './messages';

/** One message of a thread, whether a direct message or a comment. */
export interface ThreadMessage {
  id: number;
  html: string;
  authorId: number;
  authorName: string;
  authorImage: string | null;
  created_ts: string;
  updated_ts: string | null;
  /** Comments only: i internal, c client-facing. */
  visibility?: CommentVisibility;
}

export const threadMessageOfDm = (dm: DirectMessage): ThreadMessage => ({
  id: dm.dm_id,
  html: dm.dm_value,
  authorId: dm.author.agent_id,
  authorName: dm.author.name,
  authorImage: dm.author.profile_image,
  created_ts: dm.created_ts,
  updated_ts: dm.updated_ts,
});

export const threadMessageOfComment = (comment: Comment): ThreadMessage => ({
  id: comment.comment_id,
  html: comment.comment_value,
  authorId: comment.author.id,
  authorName: comment.author.name,
  authorImage: comment.author.profile_image,
  created_ts: comment.created_ts,
  updated_ts: comment.updated_ts,
  visibility: comment.visibility,
});

/** A thread as the component draws it: the top message and its replies, oldest first. */
export const threadOfDm = (dm: DirectMessage) => ({ top: threadMessageOfDm(dm), replies: (dm.thread ?? []).map(threadMessageOfDm) });
export const threadOfComment = (comment: Comment) => ({
  top: threadMessageOfComment(comment),
  replies: (comment.thread ?? []).map(threadMessageOfComment),
});

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** A message's time as people read it ('Nov 27, 2026, 1:05 AM'). */
export const messageTimeOf = (ts: string): string => {
  const date = new Date(ts);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
};

const clockFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const dayAndYearFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** A list's time: the clock today, the day this year, else the date ('1:05 AM', 'Nov 26', 'Dec 3, 2025'). */
export const shortTimeOf = (ts: string, now = new Date()): string => {
  const date = new Date(ts);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString()) return clockFormat.format(date);
  return date.getFullYear() === now.getFullYear() ? dayFormat.format(date) : dayAndYearFormat.format(date);
};

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** profile_image is a URL (or a path on this site); anything else (a storage key) shows initials. */
const imageUrlOf = (image: string | null) => (image && /^(https?:\/\/|\/)/.test(image) ? image : undefined);

export const MessageAvatar = ({ name, image, size = 36 }: { name: string; image: string | null; size?: number }) => (
  <Avatar src={imageUrlOf(image)} alt="" aria-hidden sx={{ width: size, height: size, fontSize: size * 0.4 }}>
    {initialsOf(name)}
  </Avatar>
);

export const VisibilityMarker = ({ visibility }: { visibility: CommentVisibility }) => (
  <Chip
    size="small"
    variant="outlined"
    color={visibility === 'c' ? 'info' : 'default'}
    label={visibility === 'c' ? L.clientFacing : L.internal}
    data-testid="visibility-marker"
    sx={{ height: 20, fontSize: 12 }}
  />
);

export interface MessageItemProps {
  message: ThreadMessage;
  /** The signed-in user: only the author gets Edit. */
  currentUserId: number | null;
  showVisibility?: boolean;
  onEdit?: (message: ThreadMessage, html: string) => Promise<void>;
  reply?: boolean;
}

/**
 * One message: avatar, name, time, '(edited)', the Internal / Client-facing marker (non-clients' comments)
 * and, for its author, an Edit mode of its own (spec 001 section 4: each message toggles separately).
 */
export const MessageItem = ({ message, currentUserId, showVisibility = false, onEdit, reply = false }: MessageItemProps) => {
  const [editing, setEditing] = useState(false);
  const mine = currentUserId !== null && message.authorId === currentUserId;
  return (
    <Box
      component="article"
      aria-label={message.authorName}
      data-testid={reply ? 'thread-reply' : 'thread-top'}
      data-message-id={message.id}
      sx={{ display: 'flex', gap: 1.5, py: 1.5, pl: reply ? { xs: 2, sm: 5 } : 0, minWidth: 0 }}
    >
      <MessageAvatar name={message.authorName} image={message.authorImage} size={reply ? 30 : 36} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography variant="subtitle2" component="span" data-testid="message-author">
            {message.authorName}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.created_ts}>
            {messageTimeOf(message.created_ts)}
          </Typography>
          {isEdited(message) && (
            <Typography variant="caption" color="text.secondary" data-testid="message-edited">
              {L.edited}
            </Typography>
          )}
          {showVisibility && message.visibility && <VisibilityMarker visibility={message.visibility} />}
          {mine && onEdit && !editing && (
            <Tooltip title={L.edit}>
              <IconButton
                size="small"
                aria-label={fill(L.editOf, { name: message.authorName })}
                onClick={() => setEditing(true)}
                data-testid="message-edit"
                sx={{ ml: 'auto' }}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
        {editing && onEdit ? (
          <MessageEditor
            label={L.edit}
            submitLabel={L.save}
            initialHtml={message.html}
            autoFocus
            testId="message-edit-editor"
            onCancel={() => setEditing(false)}
            onSubmit={async ({ html }: EditorSubmission) => {
              await onEdit(message, html);
              setEditing(false);
            }}
          />
        ) : (
          <MessageBody html={message.html} />
        )}
      </Box>
    </Box>
  );
};

/** A message's HTML, sanitised again before it is drawn. */
export const MessageBody = ({ html }: { html: string }) => (
  <Box
    data-testid="message-body"
    sx={{
      overflowWrap: 'anywhere',
      '& p': { my: 0.5 },
      '& [data-mention]': { color: 'primary.main', fontWeight: 600 },
      '& a': { color: 'primary.main' },
    }}
    dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
  />
);

export interface MessageThreadProps {
  top: ThreadMessage;
  replies: readonly ThreadMessage[];
  currentUserId: number | null;
  /** The Internal / Client-facing markers and reply type (comments, non-clients). */
  showVisibility?: boolean;
  /** Saves an edit of the author's own message (top or reply). */
  onEdit?: (message: ThreadMessage, html: string) => Promise<void>;
  /** Sends a reply; absent: no reply box. */
  onReply?: (submission: EditorSubmission) => Promise<void>;
  /** The reply type offered first (comments: internal). */
  defaultVisibility?: CommentVisibility;
  /** Above the messages (the comment's transaction, task or document and their links). */
  header?: ReactNode;
}

/**
 * A thread (spec 001): the top message, its replies, each editable by its author alone, and a reply box
 * (with Internal / Client-facing for non-clients' comments). Shared by the message center and the
 * comments panels.
 */
export const MessageThread = ({
  top,
  replies,
  currentUserId,
  showVisibility = false,
  onEdit,
  onReply,
  defaultVisibility = 'i',
  header,
}: MessageThreadProps) => (
  <Box data-testid="message-thread" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
    {header}
    <MessageItem message={top} currentUserId={currentUserId} showVisibility={showVisibility} onEdit={onEdit} />
    {replies.length > 0 && (
      <Box component="section" aria-label={L.replies} sx={{ borderLeft: 2, borderColor: 'divider', ml: 2 }}>
        {replies.map((reply) => (
          <MessageItem key={reply.id} message={reply} currentUserId={currentUserId} showVisibility={showVisibility} onEdit={onEdit} reply />
        ))}
      </Box>
    )}
    {onReply && (
      <Box sx={{ mt: 2 }}>
        <MessageEditor
          label={L.replyLabel}
          placeholder={L.replyPlaceholder}
          submitLabel={L.reply}
          visibilityChoice={showVisibility}
          defaultVisibility={defaultVisibility}
          testId="reply-box"
          onSubmit={onReply}
        />
      </Box>
    )}
  </Box>
);
