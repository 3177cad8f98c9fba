import type { NotificationPreview, NotificationTemplateRequest, SendNotificationRequest } from '@app/contracts';
import { defineArea } from './area';

/** The email notifications of notification tasks (docs/notifications-api.md). */
export const notificationsArea = defineArea({
  resources: {},
  methods: (http) => ({
    /** GET /notifications/preview?task_id=: the email as it would go, rendered from the task's template. */
    notificationPreview: (taskId: number) =>
      http.call<NotificationPreview>(`/notifications/preview?${new URLSearchParams({ task_id: String(taskId) }).toString()}`),
    /** POST /notifications/send: absent fields are the rendered defaults ('Message has been sent'). */
    sendNotification: (request: SendNotificationRequest) => http.call<{ message?: string }>('/notifications/send', 'POST', request),
    /** PATCH /notifications/template: that task's later previews and sends use it ('Template updated'). */
    updateNotificationTemplate: (request: NotificationTemplateRequest) =>
      http.call<{ message?: string }>('/notifications/template', 'PATCH', request),
  }),
});
