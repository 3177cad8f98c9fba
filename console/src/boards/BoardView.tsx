import {
  BOARD_CONSTANTS,
  todayIn,
  toDisplayDate,
  type Board,
  type BoardCard,
  type BoardColumn,
  type CardAction,
  type StatusOption,
  type TransactionCard,
  type TransactionFilterKeys,
} from '@app/contracts';
import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useMemo, useRef, useState, type TouchEvent } from 'react';
import { useNotify } from 'react-admin';
import { fieldErrorsOf, messageOf } from '../shared/forms/fieldErrors';
import { authClient } from '../auth';
import { tasksApi } from '../tasks';
import { DocumentRequiredDialog } from '../tasks/DocumentRequiredDialog';
import { TaskModal } from '../tasks/TaskModal';
import { isDocumentRequired } from '../tasks/taskRules';
import { transactionsApi } from '../transactions';
import { transactionTableSx } from '../transactions/cells';
import { StatusChangeDialog } from '../transactions/detail/StatusChangeDialog';
import { TransactionModal } from '../transactions/detail/TransactionModal';
import { boardsApi } from '.';
import {
  cardIdOf,
  cardInColumn,
  cardTypeOf,
  columnOfCard,
  dropPlan,
  isTaskCard,
  moveCard,
  swipedIndex,
  swipeDirection,
  type ColumnCards,
} from './boardRules';
import { BoardColumnView } from './BoardColumnView';
import { CardFrame, type CardHandlers } from './BoardCardView';
import { BOARD_LABELS as L, BOARD_TITLES } from './messages';
import { useBoard } from './useBoard';

export interface BoardViewProps {
  board: Board;
  showHidden: boolean;
  filters: TransactionFilterKeys | null;
  /** The team's statuses: the status tags' colours and the dates a status column asks for. */
  statuses: readonly StatusOption[];
}

/** A drop waiting for the status-change dialog: the columns as they were, to put the card back on Cancel. */
interface PendingStatus {
  card: TransactionCard;
  target: StatusOption;
  from: number;
  to: number;
  undo: Record<number, ColumnCards>;
}

// Pointer first (a drop where the finger or mouse is), else the column the card overlaps most.
const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

/** The board today's dates start at in the status-change dialog: today in the user's (the team's) zone. */
function todayText(): string {
  const zone = authClient.getSession()?.user.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  try {
    return toDisplayDate(todayIn(zone));
  } catch {
    return toDisplayDate(todayIn('UTC'));
  }
}

/**
 * A board's columns and cards (spec 001 sections 2, 3, 4 and 9): side by side on a desktop, one at a time
 * with swipe and previous/next controls at 960 px or less; cards move by drag and drop (mouse, or a touch
 * held 200 ms), at once on the screen and back where they were when the server refuses or the
 * status-change dialog is cancelled.
 */
export const BoardView = ({ board, showHidden, filters, statuses }: BoardViewProps) => {
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const data = useBoard(board, showHidden, filters);
  const { columns, cards, setCards, reloadColumns, loadMore } = data;
  const [active, setActive] = useState<{ card: BoardCard; columnId: number } | null>(null);
  const [pendingStatus, setPendingStatus] = useState<PendingStatus | null>(null);
  const statusChanged = useRef(false);
  const [documentRequired, setDocumentRequired] = useState(false);
  const [opened, setOpened] = useState<BoardCard | null>(null);
  const openedChanged = useRef(false);
  const [phoneIndex, setPhoneIndex] = useState(0);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: BOARD_CONSTANTS.touchDelayMs, tolerance: 8 } }),
  );

  const columnById = useMemo(() => new Map((columns ?? []).map((column) => [column.id, column])), [columns]);
  const refusal = (caught: unknown, fallback: string) => {
    const fields = fieldErrorsOf(caught);
    return Object.values(fields)[0] ?? messageOf(caught, fallback);
  };

  /** The card back where it was (both columns as they were), then the columns read again. */
  const putBack = useCallback(
    (undo: Record<number, ColumnCards>, from: number, to: number) => {
      setCards((current) => ({ ...current, [from]: undo[from], [to]: undo[to] }));
      void reloadColumns([from, to]);
    },
    [setCards, reloadColumns],
  );

  const onDragStart = (event: DragStartEvent) => {
    const payload = event.active.data.current as { card: BoardCard; columnId: number } | undefined;
    if (payload) setActive(payload);
  };

  const onDragEnd = async (event: DragEndEvent) => {
    setActive(null);
    const payload = event.active.data.current as { card: BoardCard; columnId: number } | undefined;
    const to = (event.over?.data.current as { columnId?: number } | undefined)?.columnId;
    if (!payload || to === undefined) return;
    const { card, columnId: from } = payload;
    const plan = dropPlan(board, card, from, to, statuses);
    if (plan.kind === 'none') return;
    if (plan.kind === 'document-required') {
      setDocumentRequired(true);
      return;
    }
    const column = columnById.get(to);
    if (!column) return;
    const undo = cards;
    setCards((current) => moveCard(current, from, to, cardIdOf(card), (item) => cardInColumn(board, item, column)));
    if (plan.kind === 'status') {
      statusChanged.current = false;
      setPendingStatus({ card: card as TransactionCard, target: plan.target, from, to, undo });
      return;
    }
    try {
      if (plan.kind === 'task-status')
        await tasksApi.updateTask({ task_id: plan.taskId, client_id: plan.clientId }, { preset: 'status', status_id: plan.statusId });
      else await transactionsApi.updateTransaction(plan.clientId, 'board', { client_stage_id: plan.stageId });
      void reloadColumns([from, to]);
    } catch (caught) {
      putBack(undo, from, to);
      if (isDocumentRequired(caught)) setDocumentRequired(true);
      else notify(refusal(caught, L.moveFailed), { type: 'error' });
    }
  };

  const handlers = useMemo<CardHandlers>(
    () => ({
      onOpen: (card) => {
        openedChanged.current = false;
        setOpened(card);
      },
      onAction: (card: BoardCard, action: CardAction) => {
        const columnId = columnOfCard(board, card);
        boardsApi.actOnCard({ card_type: cardTypeOf(board), id: cardIdOf(card), action }).then(
          () => {
            if (columnId !== null) void reloadColumns([columnId]);
          },
          (caught: unknown) => {
            notify(refusal(caught, L.actionFailed), { type: 'error' });
            if (columnId !== null) void reloadColumns([columnId]);
          },
        );
      },
    }),
    [board, reloadColumns, notify],
  );

  const closeOpened = () => {
    setOpened(null);
    // A change in the modal may move the card (status, stage) or change what it shows: every column again.
    if (openedChanged.current && columns) void reloadColumns(columns.map((column) => column.id));
  };

  const retry = useCallback((columnId: number) => void reloadColumns([columnId]), [reloadColumns]);
  // The list's tag styles (its status classes in colours that read on every team's palette).
  const tableSx = useMemo(() => transactionTableSx(statuses), [statuses]);

  // A phone's swipe: sideways far enough moves to the previous or next column (not while dragging).
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = columns?.length ?? 0;
  const shownIndex = Math.min(phoneIndex, Math.max(count - 1, 0));
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const touch = event.changedTouches[0];
    if (!start || !touch || active) return;
    const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
    if (direction !== 0) setPhoneIndex(swipedIndex(shownIndex, direction, count));
  };

  if (data.error) {
    return (
      <Alert severity="error" action={<Button onClick={data.reloadAll}>{L.retry}</Button>} data-testid="board-error">
        {messageOf(data.error, L.loadFailed)}
      </Alert>
    );
  }

  const columnList = columns ?? [];
  const shown = columnList[shownIndex];
  return (
    <Box sx={tableSx} data-testid="board" data-board={board} data-ready={columns !== null}>
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragStart={onDragStart}
        onDragEnd={(event) => void onDragEnd(event)}
        onDragCancel={() => setActive(null)}
      >
        {columns === null ? (
          <ColumnsSkeleton phone={phone} />
        ) : phone ? (
          <Box onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} data-testid="board-phone" sx={{ width: '100%', minWidth: 0 }}>
            {shown && (
              <>
                <Box sx={{ display: 'flex', alignItems: 'stretch', gap: 1, mb: 1 }}>
                  <PhoneNav
                    column={shownIndex > 0 ? columnList[shownIndex - 1] : null}
                    direction={-1}
                    onGo={() => setPhoneIndex(shownIndex - 1)}
                  />
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ alignSelf: 'center', whiteSpace: 'nowrap' }}
                    data-testid="board-phone-position"
                  >
                    {L.columnPosition.replace('{index}', String(shownIndex + 1)).replace('{count}', String(count))}
                  </Typography>
                  <PhoneNav
                    column={shownIndex < count - 1 ? columnList[shownIndex + 1] : null}
                    direction={1}
                    onGo={() => setPhoneIndex(shownIndex + 1)}
                  />
                </Box>
                <BoardColumnView
                  key={shown.id}
                  column={shown}
                  state={cards[shown.id]}
                  handlers={handlers}
                  onLoadMore={loadMore}
                  onRetry={retry}
                  draggingId={active ? cardIdOf(active.card) : null}
                  fullWidth
                />
              </>
            )}
          </Box>
        ) : (
          <Box
            role="region"
            aria-label={L.columnRegion.replace('{board}', BOARD_TITLES[board])}
            tabIndex={0}
            data-testid="board-columns"
            sx={{
              display: 'flex',
              gap: 1.5,
              overflowX: 'auto',
              pb: 1,
              alignItems: 'flex-start',
              width: 0,
              minWidth: '100%',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            {columnList.map((column) => (
              <BoardColumnView
                key={column.id}
                column={column}
                state={cards[column.id]}
                handlers={handlers}
                onLoadMore={loadMore}
                onRetry={retry}
                draggingId={active ? cardIdOf(active.card) : null}
              />
            ))}
          </Box>
        )}
        <DragOverlay dropAnimation={null}>
          {active ? (
            <Box sx={{ width: phone ? 'calc(100vw - 48px)' : 284, ...tableSx }}>
              <CardFrame card={active.card} overlay />
            </Box>
          ) : null}
        </DragOverlay>
      </DndContext>

      {pendingStatus && (
        <StatusChangeDialog
          detail={{
            client_id: pendingStatus.card.client_id,
            status: pendingStatus.card.status,
            status_id: pendingStatus.card.status_id,
            dates: null,
          }}
          statuses={statuses}
          target={pendingStatus.target}
          defaultDate={todayText()}
          onChanged={() => {
            statusChanged.current = true;
          }}
          onClose={() => {
            const pending = pendingStatus;
            setPendingStatus(null);
            if (statusChanged.current) void reloadColumns([pending.from, pending.to]);
            else putBack(pending.undo, pending.from, pending.to);
          }}
        />
      )}
      <DocumentRequiredDialog open={documentRequired} onClose={() => setDocumentRequired(false)} />
      {opened && isTaskCard(opened) && (
        <TaskModal
          taskId={opened.task_id}
          onClose={closeOpened}
          onChanged={() => {
            openedChanged.current = true;
          }}
        />
      )}
      {opened && !isTaskCard(opened) && (
        <TransactionModal
          clientId={String(opened.client_id)}
          onClose={closeOpened}
          onChanged={() => {
            openedChanged.current = true;
          }}
        />
      )}
    </Box>
  );
};

/** A phone's way to the previous or next column: its name; a card dragged onto it drops into that column. */
const PhoneNav = ({ column, direction, onGo }: { column: BoardColumn | null; direction: -1 | 1; onGo: () => void }) => {
  const { setNodeRef, isOver } = useDroppable({
    id: column ? `column-${column.id}` : `phone-nav-${direction}`,
    data: column ? { columnId: column.id } : undefined,
    disabled: !column,
  });
  const label = column ? (direction < 0 ? L.previousColumn : L.nextColumn).replace('{label}', column.label) : '';
  return (
    <Box ref={setNodeRef} sx={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: direction < 0 ? 'flex-start' : 'flex-end' }}>
      {column && (
        <Button
          size="small"
          variant={isOver ? 'contained' : 'outlined'}
          onClick={onGo}
          aria-label={label}
          startIcon={direction < 0 ? <ChevronLeftIcon /> : undefined}
          endIcon={direction > 0 ? <ChevronRightIcon /> : undefined}
          data-testid={direction < 0 ? 'board-phone-previous' : 'board-phone-next'}
          sx={{ maxWidth: '100%', minWidth: 0, '& .MuiButton-startIcon, & .MuiButton-endIcon': { flexShrink: 0 } }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {column.label}
          </Box>
        </Button>
      )}
    </Box>
  );
};

/** Before the columns are known: a few columns of skeleton cards. */
const ColumnsSkeleton = ({ phone }: { phone: boolean }) => (
  <Box sx={{ display: 'flex', gap: 1.5, overflow: 'hidden' }} role="status" aria-label={L.loadingCards} data-testid="board-loading">
    {Array.from({ length: phone ? 1 : 4 }, (_, column) => (
      <Box
        key={column}
        sx={{
          flex: phone ? '1 1 auto' : '0 0 300px',
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {Array.from({ length: 4 }, (_, index) => (
          <Box
            key={index}
            sx={{ height: BOARD_CONSTANTS.cardHeight, borderRadius: 1, bgcolor: 'action.selected' }}
            data-testid="card-skeleton"
          />
        ))}
      </Box>
    ))}
  </Box>
);
