import { EventBusTables1763700000000 } from '@app/events';
import { MessagingReadCopies1763700000600 } from './1763700000600-messaging-read-copies';

export const messagingMigrations = [EventBusTables1763700000000, MessagingReadCopies1763700000600];
