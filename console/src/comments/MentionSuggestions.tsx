import type { MentionOption } from '@app/contracts';
import Avatar from '@mui/material/Avatar';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDebounced } from '../shared/useDebounced';
import { chosenMentionOf, mentionQueryOf, type ChosenMention } from './mentions';
import { COMMENT_LABELS as L } from './messages';

/** How long typing settles before the options are asked for. */
export const MENTION_SEARCH_DELAY_MS = 200;

export interface MentionSuggestionsProps {
  /** GET /messages/mention-options?term= */
  search: (term: string) => Promise<MentionOption[]>;
  /** A mention was chosen (its '@Label' is in the text now). */
  onChoose: (mention: ChosenMention) => void;
}

interface Query {
  term: string;
  /** The cursor position the '@term' ends at. */
  to: number;
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/**
 * The @ autocomplete of a RichTextInput, placed in its toolbar (it reads the editor from the toolbar's
 * context): typing '@' and a few letters lists the users and groups the caller may mention; arrows
 * move, Enter or Tab chooses, Escape closes; a click chooses too.
 */
export const MentionSuggestions = ({ search, onChoose }: MentionSuggestionsProps) => {
  const editor = useTiptapEditor();
  const listId = useId();
  const [query, setQuery] = useState<Query | null>(null);
  const [options, setOptions] = useState<MentionOption[]>([]);
  const [active, setActive] = useState(0);
  const state = useRef({ query, options, active });
  state.current = { query, options, active };
  const searched = useRef(0);

  const { call: searchLater, cancel } = useDebounced((term) => {
    const ticket = ++searched.current;
    search(term).then(
      (found) => {
        if (ticket !== searched.current) return;
        setOptions(found);
        setActive(0);
      },
      () => ticket === searched.current && setOptions([]),
    );
  }, MENTION_SEARCH_DELAY_MS);

  const close = useCallback(() => {
    cancel();
    searched.current++;
    setQuery(null);
    setOptions([]);
  }, [cancel]);

  const choose = useCallback(
    (option: MentionOption) => {
      const current = state.current.query;
      if (!editor || !current) return;
      const mention = chosenMentionOf(option);
      editor
        .chain()
        .focus()
        .deleteRange({ from: current.to - current.term.length - 1, to: current.to })
        .insertContent(`@${mention.label} `)
        .run();
      onChoose(mention);
      close();
    },
    [editor, onChoose, close],
  );
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  // Follow the text before the cursor.
  useEffect(() => {
    if (!editor) return;
    const follow = () => {
      const { $from, empty } = editor.state.selection;
      const term = empty ? mentionQueryOf($from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc')) : null;
      if (term === null) {
        if (state.current.query) close();
        return;
      }
      setQuery({ term, to: $from.pos });
      searchLater(term);
    };
    editor.on('update', follow);
    editor.on('selectionUpdate', follow);
    editor.on('blur', close);
    return () => {
      editor.off('update', follow);
      editor.off('selectionUpdate', follow);
      editor.off('blur', close);
    };
  }, [editor, close, searchLater]);

  // The keys while the list is open, before the editor sees them (Enter would start a paragraph).
  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    const onKey = (event: KeyboardEvent) => {
      const { query: current, options: list, active: index } = state.current;
      if (!current || list.length === 0) return;
      const handled = () => {
        event.preventDefault();
        event.stopImmediatePropagation();
      };
      if (event.key === 'ArrowDown') {
        handled();
        setActive((index + 1) % list.length);
      } else if (event.key === 'ArrowUp') {
        handled();
        setActive((index - 1 + list.length) % list.length);
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        handled();
        chooseRef.current(list[index]!);
      } else if (event.key === 'Escape') {
        handled();
        close();
      }
    };
    dom.addEventListener('keydown', onKey, { capture: true });
    dom.setAttribute('aria-autocomplete', 'list');
    return () => dom.removeEventListener('keydown', onKey, { capture: true });
  }, [editor, close]);

  const open = !!editor && !!query && options.length > 0;
  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    if (open) {
      dom.setAttribute('aria-controls', listId);
      dom.setAttribute('aria-activedescendant', `${listId}-${active}`);
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  }, [editor, open, active, listId]);

  if (!open) return null;
  return (
    <Popper open anchorEl={editor.view.dom} placement="bottom-start" sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }} data-testid="mention-suggestions">
      <Paper elevation={6} sx={{ maxHeight: 240, overflowY: 'auto', minWidth: 220, maxWidth: 'calc(100vw - 32px)' }}>
        <MenuList id={listId} role="listbox" aria-label={L.mentionSuggestions} dense>
          {options.map((option, index) => (
            <MenuItem
              key={`${option.type}:${option.id}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              selected={index === active}
              // mousedown: choose before the editor's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              data-testid="mention-option"
            >
              <ListItemAvatar sx={{ minWidth: 36 }}>
                <Avatar aria-hidden sx={{ width: 24, height: 24, fontSize: 12 }}>{option.type === 'group' ? '@' : initialsOf(option.label)}</Avatar>
              </ListItemAvatar>
              <ListItemText primary={option.type === 'group' ? `@${option.id}` : option.label} secondary={option.type === 'group' ? option.label : undefined} />
            </MenuItem>
          ))}
        </MenuList>
      </Paper>
    </Popper>
  );
};
