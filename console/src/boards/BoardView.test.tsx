// @vitest-environment jsdom
import type { BoardCard, BoardColumn } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, Notification, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';
import { BoardView } from './BoardView';
import { buildColumn, buildStatus, buildTaskCard, buildTransactionCard } from './testing';

const boards = vi.hoisted(() => ({ getColumns: vi.fn(), getCards: vi.fn(), actOnCard: vi.fn() }));
vi.mock('./index', () => ({ boardsApi: boards }));
const tasks = vi.hoisted(() => ({ updateTask: vi.fn(), getTask: vi.fn() }));
vi.mock('../tasks/index', () => ({ tasksApi: tasks }));
const transactions = vi.hoisted(() => ({
  updateTransaction: vi.fn(),
  changeStatus: vi.fn(),
  getTransaction: vi.fn(),
  getStatuses: vi.fn(),
  getStages: vi.fn(),
  getChoices: vi.fn(),
}));
vi.mock('../transactions/index', () => ({ transactionsApi: transactions }));
// The modals stand in as what the board opens them with, and their change and close.
type ModalProps = { onClose: () => void; onChanged: () => void };
const modal = (testId: string, id: number | string, { onClose, onChanged }: ModalProps) => (
  <div data-testid={testId} data-id={String(id)}>
    <button onClick={onChanged}>changed</button>
    <button onClick={onClose}>close</button>
  </div>
);
vi.mock('../tasks/TaskModal', () => ({ TaskModal: (props: ModalProps & { taskId: number }) => modal('task-modal', props.taskId, props) }));
vi.mock('../transactions/detail/TransactionModal', () => ({
  TransactionModal: (props: ModalProps & { clientId: string }) => modal('transaction-modal', props.clientId, props),
}));

const pageOf = (records: BoardCard[], hasNext = false, total = records.length) => ({
  records,
  pagination: { total, page: 1, per_page: 15, pages: hasNext ? 2 : 1, has_next: hasNext, has_prev: false },
});

function renderBoard(props: Partial<Parameters<typeof BoardView>[0]> & { board: Parameters<typeof BoardView>[0]['board'] }) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ roles: ['ADMIN'], permissions: [] }),
  };
  return render(
    <MemoryRouter>
      <AdminContext store={memoryStore()} authProvider={authProvider}>
        <BoardView showHidden={false} filters={null} statuses={[buildStatus(1, 'Pipeline'), buildStatus(3, 'Active')]} {...props} />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const columnsOf = (board: string, columns: BoardColumn[]) => ({ board, columns });
const column = (label: string) => screen.getAllByTestId('board-column').find((item) => item.getAttribute('data-column-label') === label)!;

beforeEach(() => {
  for (const mock of [...Object.values(boards), ...Object.values(tasks), ...Object.values(transactions)]) mock.mockReset();
});
afterEach(cleanup);

describe(BoardView.name, () => {
  it("shows each column's 15 skeleton cards until its page comes, then its cards and total", async () => {
    boards.getColumns.mockResolvedValue(
      columnsOf('tasks', [buildColumn(1, 'Not Started', { total: 2 }), buildColumn(2, 'In Progress', { total: 0 })]),
    );
    let answer: (value: unknown) => void = () => undefined;
    boards.getCards.mockImplementation((_board: string, query: URLSearchParams) =>
      query.get('column_id') === '1' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(pageOf([])),
    );
    renderBoard({ board: 'tasks' });
    await waitFor(() => expect(within(column('Not Started')).getAllByTestId('card-skeleton')).toHaveLength(15));
    answer(pageOf([buildTaskCard(1, { pinned_on_boards: true }), buildTaskCard(2)]));
    const cards = await within(column('Not Started')).findAllByTestId('task-card');
    expect(cards.map((card) => within(card).getByTestId('card-name').textContent)).toEqual(['Task 1', 'Task 2']);
    expect(within(cards[0]).getByTestId('card-pinned')).toBeTruthy();
    expect(within(cards[1]).queryByTestId('card-pinned')).toBeNull();
    expect(within(cards[0]).getByTestId('card-status').textContent).toBe('Active');
    expect(within(cards[0]).getByTestId('card-side').textContent).toBe('Seller');
    expect(within(cards[0]).getByTestId('card-stage').textContent).toBe('Hot');
    expect(within(cards[0]).getByTestId('card-due').textContent).toBe('Due in 7 days');
    expect(within(column('Not Started')).getByTestId('board-column-total').textContent).toBe('2');
    expect(within(column('In Progress')).getByTestId('board-column-empty')).toBeTruthy();
  });

  it('sends the filter keys and show_hidden on the columns call and every cards call of a transaction board', async () => {
    boards.getColumns.mockResolvedValue(
      columnsOf('stages', [buildColumn(1, 'Nurture', { total: 1 }), buildColumn(2, 'Hot', { total: 1 })]),
    );
    const fields = {
      field_order: ['trans_amt', 'gci_pct', 'est_close_dt'],
      values: {
        trans_amt: { label: 'Price', value: 1101000, type: 'amount' as const },
        gci_pct: { label: 'GCI %', value: 2.5, type: 'percent' as const },
        est_close_dt: { label: 'Est. Close Date', value: '03/15/2030', type: 'date' as const },
      },
    };
    boards.getCards.mockResolvedValue(pageOf([buildTransactionCard(9, { hidden_on_boards: true, ...fields })]));
    renderBoard({ board: 'stages', showHidden: true, filters: { type_filter: 'b' } });
    await waitFor(() => expect(boards.getCards).toHaveBeenCalledTimes(2));
    expect(boards.getColumns.mock.calls[0][1].toString()).toBe('show_hidden=true&type_filter=b');
    expect(boards.getCards.mock.calls.map((call) => call[1].toString()).sort()).toEqual([
      'column_id=1&page=1&per_page=15&show_hidden=true&type_filter=b',
      'column_id=2&page=1&per_page=15&show_hidden=true&type_filter=b',
    ]);
    const card = (await within(column('Hot')).findAllByTestId('transaction-card'))[0];
    expect(card.getAttribute('data-hidden')).toBe('true');
    expect(within(card).getByTestId('card-tasks').textContent).toBe('3/8');
    // The list form's fields formatted as the list's cells of their types.
    expect(within(card).getByTestId('card-fields').textContent).toBe('Price: $1,101,000.00GCI %: 2.5%Est. Close Date: 03/15/2030');
    expect(within(card).getByTestId('card-field-trans_amt').textContent).toBe('Price: $1,101,000.00');
    expect(within(card).getByTestId('card-fields').getAttribute('title')).toBe(
      'Price: $1,101,000.00 · GCI %: 2.5% · Est. Close Date: 03/15/2030',
    );
  });

  it('pins a card from its menu and reads its column again; a refusal shows the server message', async () => {
    boards.getColumns.mockResolvedValue(columnsOf('tasks', [buildColumn(1, 'Not Started', { total: 1 })]));
    boards.getCards.mockResolvedValue(pageOf([buildTaskCard(4)]));
    boards.actOnCard.mockResolvedValue(buildTaskCard(4, { pinned_on_boards: true }));
    renderBoard({ board: 'tasks' });
    const card = (await screen.findAllByTestId('task-card'))[0];
    fireEvent.click(within(card).getByTestId('card-menu-button'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Pin to top', 'Move to bottom']);
    fireEvent.click(screen.getByTestId('card-menu-pin'));
    await waitFor(() => expect(boards.actOnCard).toHaveBeenCalledWith({ card_type: 'task', id: 4, action: 'pin' }));
    await waitFor(() => expect(boards.getCards).toHaveBeenCalledTimes(2));

    boards.actOnCard.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Validation failed',
        errors: [{ field: 'action', error: 'This card is already pinned' }],
      }),
    );
    fireEvent.contextMenu(within((await screen.findAllByTestId('task-card'))[0]).getByTestId('card-name'));
    fireEvent.click(screen.getByTestId('card-menu-pin'));
    expect(await screen.findByText('This card is already pinned')).toBeTruthy();
  });

  it('offers no menu on a card the caller may not act on', async () => {
    boards.getColumns.mockResolvedValue(columnsOf('status', [buildColumn(3, 'Active', { total: 1 })]));
    boards.getCards.mockResolvedValue(pageOf([buildTransactionCard(9, { can_act: false })]));
    renderBoard({ board: 'status' });
    const card = (await screen.findAllByTestId('transaction-card'))[0];
    expect(within(card).queryByTestId('card-menu-button')).toBeNull();
  });

  it('opens the task modal on a click of a task card; a change there reads every column again on close', async () => {
    boards.getColumns.mockResolvedValue(
      columnsOf('tasks', [buildColumn(1, 'Not Started', { total: 1 }), buildColumn(2, 'In Progress', { total: 0 })]),
    );
    boards.getCards.mockImplementation((_board: string, query: URLSearchParams) =>
      Promise.resolve(pageOf(query.get('column_id') === '1' ? [buildTaskCard(4)] : [])),
    );
    renderBoard({ board: 'tasks' });
    fireEvent.click(within((await screen.findAllByTestId('task-card'))[0]).getByTestId('card-name'));
    expect(screen.getByTestId('task-modal').getAttribute('data-id')).toBe('4');
    // Closed without a change: nothing read again.
    fireEvent.click(screen.getByText('close'));
    expect(screen.queryByTestId('task-modal')).toBeNull();
    expect(boards.getCards).toHaveBeenCalledTimes(2);

    fireEvent.click(within(screen.getAllByTestId('task-card')[0]).getByTestId('card-name'));
    fireEvent.click(screen.getByText('changed'));
    fireEvent.click(screen.getByText('close'));
    await waitFor(() => expect(boards.getCards).toHaveBeenCalledTimes(4));
    expect(
      boards.getCards.mock.calls
        .slice(2)
        .map((call) => call[1].get('column_id'))
        .sort(),
    ).toEqual(['1', '2']);
  });

  it('opens the transaction modal on a click of a transaction card, also by keyboard', async () => {
    boards.getColumns.mockResolvedValue(columnsOf('stages', [buildColumn(2, 'Hot', { total: 1 })]));
    boards.getCards.mockResolvedValue(pageOf([buildTransactionCard(9)]));
    renderBoard({ board: 'stages' });
    const card = (await screen.findAllByTestId('transaction-card'))[0];
    fireEvent.click(card);
    expect(screen.getByTestId('transaction-modal').getAttribute('data-id')).toBe('9');
    fireEvent.click(screen.getByText('close'));
    fireEvent.keyDown(within(card).getByRole('button', { name: 'Open 9 Elm St, Austin, TX' }), { key: 'Enter' });
    expect(screen.getByTestId('transaction-modal').getAttribute('data-id')).toBe('9');
  });
});
