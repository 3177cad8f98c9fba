import type { CommentVisibility, MentionOption } from '@app/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { FormatButtons, LinkButtons, ListButtons, RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Form, useNotify } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { RichTextInput } from '../shared/form-fields';
import { messagesApi } from './index';
import { applyMentions, GROUP_MENTIONS, mentionOf, mentionsIn, mentionTermAt, type ChosenMention } from './mentions';
import { MESSAGE_LABELS as L, fill } from './messages';

/** What a sent editor gives its owner: the message's HTML (mentions as spans) and the reply type. */
export interface EditorSubmission {
  html: string;
  visibility: CommentVisibility;
}

export interface MessageEditorProps {
  /** The input's label ('Send Message', 'Reply', 'Edit'). */
  label: string;
  placeholder?: string;
  submitLabel?: string;
  /** An edit starts from the message's HTML (its mentions are kept). */
  initialHtml?: string;
  /** Clickable @all, @team, @agents, @isas, @tcs (the direct message dialog). */
  groupButtons?: boolean;
  /** The Internal / Client-facing reply type (non-clients' comments). */
  visibilityChoice?: boolean;
  defaultVisibility?: CommentVisibility;
  /** Sends; a rejection with the server's field errors shows them under the input. */
  onSubmit: (submission: EditorSubmission) => Promise<void>;
  onCancel?: () => void;
  /** Where the mention autocomplete asks (GET /messages/mention-options?term=). */
  loadMentionOptions?: (term: string) => Promise<MentionOption[]>;
  testId?: string;
  /** The simple editor (max 40vh) rather than 350 px. */
  autoFocus?: boolean;
}

interface MentionContextValue {
  remember: (mention: ChosenMention) => void;
  load: (term: string) => Promise<MentionOption[]>;
  label: string;
  placeholder?: string;
  groupButtons: boolean;
  autoFocus: boolean;
}
const MentionContext = createContext<MentionContextValue | null>(null);

const MESSAGE_FIELDS = ['dm_value', 'comment_value', 'message'];

/** The server's field error of the text (dm_value / comment_value), for the editor's field. */
function textErrorOf(error: unknown): string | null {
  const errors = (error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors;
  if (!errors) return null;
  const field = MESSAGE_FIELDS.find((name) => errors[name]);
  return field ? errors[field] : (Object.values(errors)[0] ?? null);
}

/**
 * A message's editor (spec 001): the shared RichTextInput with @ autocomplete of users and groups from
 * GET /messages/mention-options?term=, kept as `<span data-mention="user:ID">@Name</span>` /
 * `data-mention="group:all"` when sent; optional group buttons and Internal / Client-facing choice.
 * Used by the direct message dialog, the thread's reply box and edit mode, and the comments panels.
 */
export const MessageEditor = ({
  label,
  placeholder,
  submitLabel = L.send,
  initialHtml = '',
  groupButtons = false,
  visibilityChoice = false,
  defaultVisibility = 'i',
  onSubmit,
  onCancel,
  loadMentionOptions = messagesApi.getMentionOptions,
  testId = 'message-editor',
  autoFocus = false,
}: MessageEditorProps) => {
  const chosen = useRef<ChosenMention[]>(mentionsIn(initialHtml));
  const notify = useNotify();
  const context = useMemo<MentionContextValue>(
    () => ({ remember: (mention) => chosen.current.push(mention), load: loadMentionOptions, label, placeholder, groupButtons, autoFocus }),
    [loadMentionOptions, label, placeholder, groupButtons, autoFocus],
  );
  const submit = async (values: Record<string, unknown>) => {
    const html = applyMentions(String(values.message ?? ''), chosen.current);
    try {
      await onSubmit({ html, visibility: (values.visibility as CommentVisibility) ?? defaultVisibility });
    } catch (error) {
      const message = textErrorOf(error);
      if (message) return { message };
      notify((error as Error)?.message || L.sendFailed, { type: 'error' });
      return { message: L.sendFailed };
    }
    return undefined;
  };
  return (
    <MentionContext.Provider value={context}>
      <Form defaultValues={{ message: initialHtml, visibility: defaultVisibility }} onSubmit={submit} noValidate>
        <Box data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <RichTextInput
            source="message"
            label={label}
            simple
            required
            toolbar={<MentionToolbar />}
            helperText={false}
            sx={placeholderSx}
          />
          <EditorActions
            submitLabel={submitLabel}
            onCancel={onCancel}
            visibilityChoice={visibilityChoice}
            onSent={() => (chosen.current = [])}
          />
        </Box>
      </Form>
    </MentionContext.Provider>
  );
};

// The placeholder, drawn while the editor is empty (the editor has no placeholder of its own). CSS attr()
// reads the attribute of the element its pseudo-element belongs to: the editor root carries
// data-placeholder, so the ::before is the root's (a paragraph's ::before would draw nothing).
const placeholderSx = {
  '& .ProseMirror[data-empty="true"]::before': {
    content: 'attr(data-placeholder)',
    color: 'text.secondary',
    pointerEvents: 'none',
    float: 'left',
    height: 0,
  },
};

const EditorActions = ({
  submitLabel,
  onCancel,
  visibilityChoice,
  onSent,
}: {
  submitLabel: string;
  onCancel?: () => void;
  visibilityChoice: boolean;
  onSent: () => void;
}) => {
  const { formState, reset, watch, setValue } = useFormContext();
  const visibility = watch('visibility') as CommentVisibility;
  const { isSubmitting, isSubmitSuccessful } = formState;
  const submitted = useRef(false);
  useEffect(() => {
    // After a send that the server took: an empty box for the next message, same reply type.
    if (isSubmitSuccessful && !formState.errors.message && submitted.current && !onCancel) {
      submitted.current = false;
      onSent();
      reset({ message: '', visibility });
    }
  }, [isSubmitSuccessful, formState.errors.message, onCancel, onSent, reset, visibility]);
  const typeId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
      {visibilityChoice ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={typeId} variant="body2" color="text.secondary">
            {L.replyType}
          </Typography>
          <RadioGroup
            row
            aria-labelledby={typeId}
            value={visibility}
            onChange={(event) => setValue('visibility', event.target.value, { shouldDirty: true })}
            data-testid="reply-visibility"
          >
            <FormControlLabel value="i" control={<Radio size="small" />} label={L.internal} />
            <FormControlLabel value="c" control={<Radio size="small" />} label={L.clientFacing} />
          </RadioGroup>
        </Box>
      ) : (
        <span />
      )}
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={isSubmitting} data-testid="editor-cancel">
            {L.cancel}
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={isSubmitting}
          onClick={() => (submitted.current = true)}
          startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="editor-submit"
        >
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
};

const MAX_OPTIONS = 8;

/** The editor's toolbar: formatting, the group buttons, and the @ autocomplete bound to the editor. */
const MentionToolbar = () => {
  const editor = useTiptapEditor();
  const context = useContext(MentionContext)!;
  const [term, setTerm] = useState<string | null>(null);
  const [options, setOptions] = useState<MentionOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const listId = useId();
  const state = useRef({ term, options, active });
  state.current = { term, options, active };

  // The editor's own attributes: its name, the placeholder, and the autocomplete's wiring.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom as HTMLElement;
    dom.setAttribute('role', 'textbox');
    dom.setAttribute('aria-multiline', 'true');
    dom.setAttribute('aria-label', context.label);
    dom.setAttribute('aria-autocomplete', 'list');
    if (context.placeholder) {
      dom.setAttribute('aria-placeholder', context.placeholder);
      dom.setAttribute('data-placeholder', context.placeholder);
    }
    const mark = () => dom.setAttribute('data-empty', String(editor.isEmpty));
    mark();
    setAnchor(dom);
    if (context.autoFocus) editor.commands.focus('end');
    // Every transaction: the form's reset after a send sets the content without an 'update' event.
    editor.on('transaction', mark);
    return () => {
      editor.off('transaction', mark);
    };
  }, [editor, context.label, context.placeholder, context.autoFocus]);

  // The term typed after '@' at the caret, followed on every change of text or caret.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const follow = () => {
      const { $from, empty } = editor.state.selection;
      if (!empty) return setTerm(null);
      setTerm(mentionTermAt($from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc')));
    };
    // A click on an option lands after the blur: the list closes a moment later.
    let blurTimer: ReturnType<typeof setTimeout> | undefined;
    const close = () => {
      blurTimer = setTimeout(() => setTerm(null), 150);
    };
    editor.on('update', follow);
    editor.on('selectionUpdate', follow);
    editor.on('blur', close);
    return () => {
      clearTimeout(blurTimer);
      editor.off('update', follow);
      editor.off('selectionUpdate', follow);
      editor.off('blur', close);
    };
  }, [editor]);

  // Options for the term, a moment after the last keystroke.
  useEffect(() => {
    if (term === null) {
      setOptions([]);
      return;
    }
    let current = true;
    setLoading(true);
    const timer = setTimeout(() => {
      context.load(term).then(
        (found) => {
          if (!current) return;
          setOptions(found.slice(0, MAX_OPTIONS));
          setActive(0);
          setLoading(false);
        },
        () => current && (setOptions([]), setLoading(false)),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, context]);

  const insert = useCallback(
    (mention: ChosenMention, replaceTerm: string | null) => {
      if (!editor) return;
      const caret = editor.state.selection.from;
      const chain = editor.chain().focus();
      if (replaceTerm !== null) chain.deleteRange({ from: caret - replaceTerm.length - 1, to: caret });
      chain.insertContent({ type: 'text', text: `@${mention.label} ` }).run();
      context.remember(mention);
      setTerm(null);
    },
    [editor, context],
  );

  // Arrow keys, Enter / Tab and Escape drive the open list; the editor gets them otherwise.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom as HTMLElement;
    const onKeyDown = (event: KeyboardEvent) => {
      const { term: current, options: list, active: index } = state.current;
      if (current === null || list.length === 0) return;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        setActive((index + (event.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length);
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        insert(mentionOf(list[index]), current);
      } else if (event.key === 'Escape') {
        setTerm(null);
      } else return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    dom.addEventListener('keydown', onKeyDown, true);
    return () => dom.removeEventListener('keydown', onKeyDown, true);
  }, [editor, insert]);

  const open = term !== null && !!anchor && (options.length > 0 || !loading);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom as HTMLElement;
    // aria-expanded is not a textbox's: the open list is announced through aria-controls and the active option.
    if (open) dom.setAttribute('aria-controls', listId);
    else dom.removeAttribute('aria-controls');
    if (open && options[active]) dom.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else dom.removeAttribute('aria-activedescendant');
  }, [editor, open, options, active, listId]);

  return (
    <>
      <RichTextInputToolbar size="small">
        <FormatButtons size="small" />
        <ListButtons size="small" />
        <LinkButtons size="small" />
        {context.groupButtons && <GroupButtons onPick={(mention) => insert(mention, null)} />}
      </RichTextInputToolbar>
      <Popper open={open} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: 1500 }}>
        <Paper elevation={4} sx={{ maxHeight: 240, overflowY: 'auto', minWidth: 220, maxWidth: 'calc(100vw - 32px)' }}>
          {options.length === 0 ? (
            <Typography variant="body2" sx={{ p: 1.5 }} data-testid="mention-empty">
              {L.noMentionOptions}
            </Typography>
          ) : (
            <List dense id={listId} role="listbox" aria-label={L.mentionOptions} data-testid="mention-options">
              {options.map((option, index) => (
                <ListItemButton
                  key={`${option.type}:${option.id}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  selected={index === active}
                  // mousedown, not click: the editor keeps its caret.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    insert(mentionOf(option), term);
                  }}
                  data-testid={`mention-option-${option.type}-${option.id}`}
                >
                  <ListItemText primary={`@${mentionOf(option).label}`} secondary={option.type === 'group' ? L.group : undefined} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
      </Popper>
    </>
  );
};

const GroupButtons = ({ onPick }: { onPick: (mention: ChosenMention) => void }): ReactNode => (
  <Box role="group" aria-label={L.mentionGroups} sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, ml: 1 }}>
    {GROUP_MENTIONS.map((mention) => (
      <Button
        key={mention.label}
        size="small"
        variant="outlined"
        sx={{ minWidth: 0, px: 1, textTransform: 'none' }}
        aria-label={fill(L.mentionGroup, { group: mention.label })}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onPick(mention)}
        data-testid={`mention-group-${mention.label}`}
      >
        @{mention.label}
      </Button>
    ))}
  </Box>
);
