import type { NotificationPreview, NotificationTemplateRequest, SendNotificationRequest } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

export interface NotificationsApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

/** The email notification calls of notification tasks (docs/notifications-api.md): errors are react-admin HttpErrors. */
export function createNotificationsApi(options: NotificationsApiOptions) {
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return {
    /** GET /notifications/preview?task_id=: the email as it would go, rendered from the task's template. */
    preview: (taskId: number) =>
      call<NotificationPreview>(`/notifications/preview?${new URLSearchParams({ task_id: String(taskId) }).toString()}`),
    /** POST /notifications/send: absent fields are the rendered defaults ('Message has been sent'). */
    send: (request: SendNotificationRequest) => call<{ message?: string }>('/notifications/send', 'POST', request),
    /** PATCH /notifications/template: that task's later previews and sends use it ('Template updated'). */
    updateTemplate: (request: NotificationTemplateRequest) => call<{ message?: string }>('/notifications/template', 'PATCH', request),
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;
