/** Where a card action puts a card in its column (hide and show are the hidden_on_boards column). */
export type BoardPlacement = 'pin' | 'bottom' | 'unpin';

/** pinned_on_boards after the placement. */
export const PINNED_AFTER: Readonly<Record<BoardPlacement, boolean>> = { pin: true, bottom: false, unpin: false };

/**
 * The order columns a placement sets (the writers set pinned_on_boards beside them): a pin is timed so
 * that the latest pin comes first; a move to the bottom is timed so that bottom cards keep the order
 * they were moved in. clock_timestamp(), not now(): two moves in one database transaction keep their order.
 */
export const PLACEMENT_SQL: Readonly<Record<BoardPlacement, string>> = {
  pin: 'board_pinned_ts = clock_timestamp(), board_bottom_ts = NULL',
  bottom: 'board_pinned_ts = NULL, board_bottom_ts = clock_timestamp()',
  unpin: 'board_pinned_ts = NULL',
};

/** A column's cards in board order (over `alias`): pinned, the rest by `rest`, then the bottom ones. */
export const boardOrderSql = (alias: string, rest: string) =>
  `(CASE WHEN ${alias}.pinned_on_boards THEN 0 WHEN ${alias}.board_bottom_ts IS NOT NULL THEN 2 ELSE 1 END),
   ${alias}.board_pinned_ts DESC NULLS LAST, ${alias}.board_bottom_ts ASC NULLS LAST, ${rest}`;
