import { EventBusTables1763700000000 } from '@app/events';
import { TransactionsInitial1763700000200 } from './1763700000200-transactions-initial';

export const transactionsMigrations = [EventBusTables1763700000000, TransactionsInitial1763700000200];
