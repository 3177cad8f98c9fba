import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

export const NOTIFICATION_CONTROLLERS = [NotificationsController];
export const NOTIFICATION_PROVIDERS = [NotificationsRepository, NotificationsService];
