import { EventBusTables1763700000000, OutboxJobs1763700000010 } from '@app/events';
import { IdempotencyKeys1763700003000 } from '@app/platform';
import { MessagingReadCopies1763700000600 } from './1763700000600-messaging-read-copies';
import { MessagingInbox1763700000610 } from './1763700000610-messaging-inbox';
import { MessagingNotificationTemplates1763700000620 } from './1763700000620-messaging-notification-templates';
import { MessagingClientActivity1763700000630 } from './1763700000630-messaging-client-activity';
import { MessagingMailDeliveries1763700000640 } from './1763700000640-messaging-mail-deliveries';

export const messagingMigrations = [
  EventBusTables1763700000000,
  OutboxJobs1763700000010,
  MessagingReadCopies1763700000600,
  MessagingInbox1763700000610,
  MessagingNotificationTemplates1763700000620,
  MessagingClientActivity1763700000630,
  MessagingMailDeliveries1763700000640,
  IdempotencyKeys1763700003000,
];
