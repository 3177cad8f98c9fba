import { BOARD_CONSTANTS, type BoardColumn } from '@app/contracts';
import { useDroppable } from '@dnd-kit/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { optionColours } from '../transactions/statusStyles';
import { cardIdOf, wantsNextPage, type ColumnCards } from './boardRules';
import { DraggableCard, type CardHandlers } from './BoardCardView';
import { BOARD_LABELS as L } from './messages';

/** A card's slot in the list: the card and the gap under it. */
export const CARD_GAP = 8;
const SLOT = BOARD_CONSTANTS.cardHeight + CARD_GAP;
/** A column's usual size: the window of cards drawn before (or without) a layout, e.g. in a hidden tab. */
const USUAL_RECT = { width: 300, height: 800 };

export interface BoardColumnViewProps {
  column: BoardColumn;
  state: ColumnCards | undefined;
  handlers: CardHandlers;
  onLoadMore: (columnId: number) => void;
  onRetry: (columnId: number) => void;
  /** The card being dragged (drawn faded in its column). */
  draggingId?: number | null;
  /** The whole width (a phone's one column). */
  fullWidth?: boolean;
}

/**
 * One column: its header (label in its colours, total), 15 skeleton cards while its first page loads,
 * then its cards in a virtual list that reads the next page near the bottom. The whole column takes drops.
 */
export const BoardColumnView = ({ column, state, handlers, onLoadMore, onRetry, draggingId, fullWidth }: BoardColumnViewProps) => {
  const { setNodeRef, isOver } = useDroppable({ id: `column-${column.id}`, data: { columnId: column.id } });
  const scrollRef = useRef<HTMLDivElement>(null);
  const cards = state?.cards ?? [];
  const firstLoad = !state || (state.loading && state.page === 0);
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => SLOT,
    overscan: 4,
    // Before the first measure, or while the column has no height yet: a column's usual size.
    initialRect: USUAL_RECT,
    observeElementRect: (instance, report) => observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : USUAL_RECT)),
    getItemKey: (index) => cardIdOf(cards[index]),
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length > 0 ? items[items.length - 1].index : -1;
  useEffect(() => {
    if (state && !firstLoad && wantsNextPage(state, lastIndex)) onLoadMore(column.id);
  }, [state, firstLoad, lastIndex, column.id, onLoadMore]);

  const colours = optionColours(column);
  const total = state?.total ?? column.total;
  const headingId = `board-column-${column.id}-heading`;
  return (
    <Box
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      data-testid="board-column"
      data-column-id={column.id}
      data-column-label={column.label}
      data-loading={firstLoad || !!state?.loading}
      sx={{
        flex: fullWidth ? '1 1 auto' : '0 0 300px',
        width: fullWidth ? '100%' : 300,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 1,
        bgcolor: isOver ? 'action.selected' : 'action.hover',
        outline: isOver ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        height: { xs: 'calc(100dvh - 230px)', sm: 'calc(100vh - 250px)' },
        minHeight: 360,
      }}
    >
      <Box
        sx={{ ...colours, px: 1.5, py: 1, borderTopLeftRadius: 4, borderTopRightRadius: 4, display: 'flex', alignItems: 'center', gap: 1 }}
        data-testid="board-column-header"
      >
        <Typography
          id={headingId}
          component="h2"
          sx={{
            fontSize: 14,
            fontWeight: 600,
            flex: 1,
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            color: 'inherit',
          }}
        >
          {column.label}
        </Typography>
        <Box component="span" sx={{ fontSize: 13, fontWeight: 600 }} data-testid="board-column-total">
          {total}
        </Box>
      </Box>
      <Box sx={{ height: 4 }}>{state?.loading && !firstLoad && <LinearProgress aria-label={L.loadingMore} />}</Box>
      <Box
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label={L.columnCards.replace('{label}', column.label)}
        aria-busy={firstLoad}
        data-testid="board-column-scroll"
        sx={{
          flex: 1,
          overflowY: 'auto',
          overflowX: 'hidden',
          px: 1,
          pb: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {firstLoad ? (
          <Box aria-label={L.loadingCards} role="status">
            {Array.from({ length: BOARD_CONSTANTS.skeletonCount }, (_, index) => (
              <Skeleton
                key={index}
                variant="rounded"
                height={BOARD_CONSTANTS.cardHeight}
                sx={{ mb: `${CARD_GAP}px` }}
                data-testid="card-skeleton"
              />
            ))}
          </Box>
        ) : state?.error && cards.length === 0 ? (
          <Box sx={{ p: 1 }} data-testid="board-column-error">
            <Typography variant="body2" color="error">
              {L.columnFailed}
            </Typography>
            <Button size="small" onClick={() => onRetry(column.id)}>
              {L.retry}
            </Button>
          </Box>
        ) : cards.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1 }} data-testid="board-column-empty">
            {L.empty}
          </Typography>
        ) : (
          <Box role="list" sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const card = cards[item.index];
              return (
                <Box
                  key={item.key}
                  role="listitem"
                  sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: SLOT, transform: `translateY(${item.start}px)` }}
                  data-index={item.index}
                >
                  <DraggableCard card={card} columnId={column.id} handlers={handlers} dragging={draggingId === cardIdOf(card)} />
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </Box>
  );
};
