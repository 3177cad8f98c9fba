import { BOARD_CONSTANTS, type BoardCard, type CardAction, type TaskCard, type TransactionCard } from '@app/contracts';
import { useDraggable } from '@dnd-kit/core';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PushPinIcon from '@mui/icons-material/PushPin';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { memo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { imageUrlOf, initialsOf } from '../admin-users/format';
import { DueLabel } from '../tasks/DueLabel';
import { taskCountText } from '../transactions/format';
import { optionColours } from '../transactions/statusStyles';
import { transactionLine } from '../tasks/taskRules';
import { TagChips } from '../transactions/detail/parts';
import { cardFieldTexts, cardIdOf, isTaskCard, menuItemsOf, sideLabel } from './boardRules';
import { BOARD_LABELS as L } from './messages';

// A board's cards (spec 001 sections 2, 3 and 4): the task card and the transaction card, each draggable
// when the caller may act on it, with a context menu (right click, or its ⋮ button from the keyboard).

export interface CardHandlers {
  onOpen: (card: BoardCard) => void;
  onAction: (card: BoardCard, action: CardAction) => void;
}

type MenuAnchor = { element: HTMLElement } | { top: number; left: number } | null;

/** The card's name: a task's name, or a transaction's address (its contact, its number). */
export function cardName(card: BoardCard): string {
  if (isTaskCard(card)) return card.name;
  return card.address?.trim() || card.contact_name?.trim() || L.untitled.replace('{id}', String(card.id));
}

const line = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

/** A draggable card in a column: its look, the drag (can_act only) and the context menu. */
export const DraggableCard = memo(
  ({ card, columnId, handlers, dragging }: { card: BoardCard; columnId: number; handlers: CardHandlers; dragging?: boolean }) => {
    const id = cardIdOf(card);
    const { setNodeRef, listeners, isDragging } = useDraggable({ id: `card-${id}`, data: { card, columnId }, disabled: !card.can_act });
    // Only the pointer listeners: dnd-kit's attributes would make the card a button around its own buttons.
    return (
      <Box
        ref={setNodeRef}
        {...(card.can_act ? listeners : {})}
        sx={{ opacity: isDragging || dragging ? 0.4 : 1, touchAction: card.can_act ? 'manipulation' : undefined }}
      >
        <CardFrame card={card} handlers={handlers} />
      </Box>
    );
  },
);
DraggableCard.displayName = 'DraggableCard';

/** The card itself (also drawn under the pointer while dragging). */
export const CardFrame = ({ card, handlers, overlay = false }: { card: BoardCard; handlers?: CardHandlers; overlay?: boolean }) => {
  const [menu, setMenu] = useState<MenuAnchor>(null);
  const name = cardName(card);
  const task = isTaskCard(card);
  const hidden = !task && (card as TransactionCard).hidden_on_boards;
  const open = () => handlers?.onOpen(card);
  const canMenu = !!handlers && card.can_act && !overlay;
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
  return (
    <Box
      data-testid={task ? 'task-card' : 'transaction-card'}
      data-card-id={cardIdOf(card)}
      data-pinned={card.pinned_on_boards}
      data-hidden={hidden}
      onClick={overlay ? undefined : open}
      onContextMenu={(event: MouseEvent) => {
        if (!canMenu) return;
        event.preventDefault();
        setMenu({ top: event.clientY, left: event.clientX });
      }}
      sx={{
        height: BOARD_CONSTANTS.cardHeight,
        boxSizing: 'border-box',
        p: 1,
        pr: 0.5,
        borderRadius: 1,
        border: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
        boxShadow: overlay ? 6 : 0,
        cursor: card.can_act ? 'grab' : 'pointer',
        // Hidden from boards (seen with Show hidden): faded.
        opacity: hidden ? 0.55 : 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        overflow: 'hidden',
        userSelect: 'none',
        fontSize: 13,
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 28 }}>
        {card.pinned_on_boards && (
          <Tooltip title={L.pinned}>
            <PushPinIcon
              fontSize="small"
              color="primary"
              aria-label={L.pinned}
              role="img"
              data-testid="card-pinned"
              sx={{ fontSize: 16 }}
            />
          </Tooltip>
        )}
        {hidden && (
          <VisibilityOffIcon aria-label={L.hidden} role="img" data-testid="card-hidden" sx={{ fontSize: 16, color: 'text.secondary' }} />
        )}
        {/* The card's keyboard way in: its name opens it (Enter or Space). */}
        <Box
          component="span"
          role="button"
          tabIndex={overlay ? -1 : 0}
          aria-label={L.openCard.replace('{name}', name)}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              open();
            }
          }}
          sx={{
            ...line,
            flex: 1,
            fontWeight: 600,
            fontSize: 14,
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
          }}
          data-testid="card-name"
          title={name}
        >
          {name}
        </Box>
        {canMenu && (
          <IconButton
            size="small"
            aria-label={L.cardActionsOf.replace('{name}', name)}
            aria-haspopup="menu"
            onClick={(event) => {
              event.stopPropagation();
              setMenu({ element: event.currentTarget });
            }}
            onMouseDown={stop}
            onTouchStart={stop}
            onKeyDown={stop}
            data-testid="card-menu-button"
            sx={{ p: 0.5 }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      {task ? <TaskCardBody card={card} /> : <TransactionCardBody card={card as TransactionCard} />}
      {handlers && menu && (
        <Menu
          open
          onClose={() => setMenu(null)}
          onClick={stop}
          anchorEl={'element' in menu ? menu.element : undefined}
          anchorReference={'element' in menu ? 'anchorEl' : 'anchorPosition'}
          anchorPosition={'top' in menu ? { top: menu.top, left: menu.left } : undefined}
          slotProps={{ list: { 'aria-label': L.cardActions, dense: true } as object }}
          data-testid="card-menu"
        >
          {menuItemsOf(card).map((item) => (
            <MenuItem
              key={item.action}
              disabled={item.disabled}
              onClick={() => {
                setMenu(null);
                handlers.onAction(card, item.action);
              }}
              data-testid={`card-menu-${item.action}`}
            >
              <ListItemText>{item.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      )}
    </Box>
  );
};

const Tag = ({
  className,
  style,
  children,
  testId,
  title,
}: {
  className?: string;
  style?: object;
  children: ReactNode;
  testId?: string;
  title?: string;
}) => (
  <span className={`tx-tag ${className ?? ''}`} style={style} data-testid={testId} title={title}>
    {children}
  </span>
);

const Row = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Box
    sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}
    data-testid={testId}
  >
    {children}
  </Box>
);

const Person = ({
  name,
  first,
  last,
  picture,
  testId,
  label,
}: {
  name: string;
  first?: string;
  last?: string;
  picture: string | null | undefined;
  testId: string;
  label: string;
}) => (
  <Tooltip title={`${label}: ${name || L.unassigned}`}>
    <Avatar src={imageUrlOf(picture)} alt={name || L.unassigned} sx={{ width: 24, height: 24, fontSize: 11 }} data-testid={testId}>
      {initialsOf(first, last, name) || '?'}
    </Avatar>
  </Tooltip>
);

/** Task card: the transaction's status, side, address and names, its stage and tags; the due label and the assignee. */
const TaskCardBody = ({ card }: { card: TaskCard }) => {
  const transaction = card.transaction;
  const names = `${transaction.first_name ?? ''} ${transaction.last_name ?? ''}`.trim();
  const address = [transaction.address_1, transaction.address_2].filter((part) => part && part.trim()).join(', ');
  const assignee = card.assigned_to_agent;
  const assigneeName = assignee ? `${assignee.first_name} ${assignee.last_name}`.trim() : '';
  return (
    <>
      <Row>
        <Tag className={card.transaction_color_css} style={optionColours(transaction.status)} testId="card-status">
          {transaction.status.label}
        </Tag>
        <Box component="span" data-testid="card-side">
          {sideLabel(transaction.type, L)}
        </Box>
        {transaction.stage && (
          <Tag style={optionColours(transaction.stage)} testId="card-stage">
            {transaction.stage.label}
          </Tag>
        )}
      </Row>
      <Box sx={line} data-testid="card-address" title={address || transactionLine(transaction)}>
        {address || transactionLine(transaction)}
      </Box>
      <Box sx={{ ...line, color: 'text.secondary' }} data-testid="card-names">
        {names}
      </Box>
      <CardTags tags={transaction.tags} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 'auto', fontSize: 12 }}>
        <Box sx={line}>
          <DueLabel due={card.due} testId="card-due" />
        </Box>
        <Person
          name={assigneeName}
          first={assignee?.first_name}
          last={assignee?.last_name}
          picture={assignee?.profile_path}
          testId="card-assignee"
          label={L.assignee}
        />
      </Box>
    </>
  );
};

/** Transaction card: status, stage, side, address, contact, the list form's first fields, tags, tasks and the primary agent. */
const TransactionCardBody = ({ card }: { card: TransactionCard }) => {
  const fields = cardFieldTexts(card);
  return (
    <>
      <Row>
        <Tag className={card.color_css} testId="card-status">
          {card.status}
        </Tag>
        {card.stage && (
          <Tag style={optionColours(card.stage)} testId="card-stage">
            {card.stage.label}
          </Tag>
        )}
        <Box component="span" data-testid="card-side">
          {sideLabel(card.type, L)}
        </Box>
      </Row>
      <Box sx={{ ...line, color: 'text.secondary' }} data-testid="card-contact">
        {card.contact_name}
      </Box>
      {/* One line (the card's height is fixed): what the ellipsis cuts off reads in full on hover. */}
      <Box
        sx={{ ...line, fontSize: 12 }}
        data-testid="card-fields"
        title={fields.map((field) => `${field.label}: ${field.text || '—'}`).join(' · ') || undefined}
      >
        {fields.map((field) => (
          <Box component="span" key={field.key} sx={{ mr: 1 }} data-testid={`card-field-${field.key}`}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {field.label}:
            </Box>{' '}
            {field.text || '—'}
          </Box>
        ))}
      </Box>
      <CardTags tags={card.tags} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 'auto', fontSize: 12 }}>
        <Box component="span" title={L.tasksCountTitle} data-testid="card-tasks">
          {taskCountText(card)}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          <Box component="span" sx={line} data-testid="card-agent-name">
            {card.primary_agent}
          </Box>
          <Person name={card.primary_agent} picture={card.primary_agent_profile_pic_path} testId="card-agent" label={L.agent} />
        </Box>
      </Box>
    </>
  );
};

/** The tags with their borders (one line; none: nothing). */
const CardTags = ({ tags }: { tags: readonly { label: string; border: string }[] }) =>
  tags?.length ? (
    <Box sx={{ height: 22, overflow: 'hidden', '& > span': { flexWrap: 'nowrap' } }} data-testid="card-tags">
      <TagChips tags={tags as { label: string; border: string }[]} />
    </Box>
  ) : (
    <Box sx={{ height: 22 }} />
  );
