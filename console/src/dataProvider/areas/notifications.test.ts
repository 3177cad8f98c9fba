import { describe, expect, it, vi } from 'vitest';
import { createConsoleDataProvider } from '../consoleDataProvider';

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('notifications area', () => {
  it('calls GET /notifications/preview, POST /notifications/send and PATCH /notifications/template', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => ok({ message: 'done' }));
    const api = createConsoleDataProvider({ fetch });
    await api.notificationPreview(31);
    await api.sendNotification({ task_ids: [31], subject: 'Hello' });
    await api.updateNotificationTemplate({ task_id: 31, subject: 'Update on {{address}}', template: '<p>Hi {{client_first_name}}</p>' });
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method, init?.body ?? null])).toEqual([
      ['/api/notifications/preview?task_id=31', 'GET', null],
      ['/api/notifications/send', 'POST', JSON.stringify({ task_ids: [31], subject: 'Hello' })],
      [
        '/api/notifications/template',
        'PATCH',
        JSON.stringify({ task_id: 31, subject: 'Update on {{address}}', template: '<p>Hi {{client_first_name}}</p>' }),
      ],
    ]);
  });
});
