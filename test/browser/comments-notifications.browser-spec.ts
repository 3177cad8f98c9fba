import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  api,
  baseUrl,
  freshPagePerTest,
  JOURNEY_TIMEOUT_MS,
  RESULTS_DIR,
  signInThroughApi,
  UI_TIMEOUT_MS,
  mailsTo,
  until,
} from './browser-helpers';

// The CommentsPanel and the email notification dialog (spec 001 section 2) against the seeded demo
// team: the admin comments on an agent's transaction from the transaction page with an @ mention picked
// from the suggestions, and the mentioned agent finds it under @ Mentions; the TC opens a notification
// task's Edit and Send, edits the subject, adds a recipient, previews the email as the recipient sees it and
// sends it: 'Message has been sent', the mail with the edited subject in the stack's mailbox, the task
// Completed; Edit Template saves the task's template and the next Edit and Send renders it; axe on both
// dialogs. Screenshots at 1280 and 390 px. Changes stay in this run's throwaway stack.

const ADMIN = 'admin@demo-realty.test';
const AGENT = 'agent@demo-realty.test';
const TC = 'tc@demo-realty.test';

interface Row {
  client_id: number;
}
interface ApiTask {
  task_id: number;
  client_id: number;
  name: string;
  done: boolean;
  status_id: number;
  task_type: 'N' | null;
}
interface ApiComment {
  comment_id: number;
  comment_value: string;
  comment_on_id: number;
  comment_type: string;
}

type Dom = { document: { scrollingElement: { scrollWidth: number } | null }; innerWidth: number };

async function login(email: string): Promise<{ token: string; agentId: number; firstName: string }> {
  const { status, body } = await api<{ access_token: string; user: { agent_id: number; first_name: string } }>('/api/auth/login', {
    method: 'POST',
    body: { email, password: 'DemoPass1!' },
  });
  expect(status).toBe(200);
  return { token: body!.access_token, agentId: body!.user.agent_id, firstName: body!.user.first_name };
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const dom = globalThis as unknown as Dom;
    return (dom.document.scrollingElement?.scrollWidth ?? 0) <= dom.innerWidth;
  });

/**
 * axe's serious and critical violations inside the notification dialog (the task modal and the tasks page
 * behind it are checked by their own tests), each with the elements it names.
 */
async function axeProblems(page: Page): Promise<string[]> {
  // Called once the dialog's content has loaded (after its fade-in).
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="notification-dialog"] .MuiDialog-paper').analyze();
  return violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`);
}

/** The visible part of the page only (a full page of the transaction form is slow to capture). */
async function viewShot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(RESULTS_DIR, name) }).catch(() => undefined);
}

describe('comments and email notifications (Chromium)', () => {
  const ctx = freshPagePerTest({ width: 1280, height: 900 });
  /** The comment the first test posts: the second finds it in the mentioned agent's message center. */
  let posted: { words: string; clientId: number } | undefined;
  /** An open notification task the third test did not send (the fourth edits its template). */
  let spareTask: ApiTask | undefined;
  /** The task whose template the fourth test saves: the fifth opens its Edit and Send. */
  let templated: { task: ApiTask; stamp: string } | undefined;

  it(
    'posts a comment with an @ mention picked by keyboard from the transaction page (390 px); the mentioned agent has it in @ Mentions',
    async () => {
      const { page } = ctx;
      const [agent] = await Promise.all([login(AGENT), signInThroughApi(page, ADMIN)]);
      const rows = await api<{ table: { data: Row[] } }>(
        '/api/transactions/records?team_form_id=-1&page=1&per_page=10&order_by=created_ts&order_dir=1',
        { token: agent.token },
      );
      expect(rows.status).toBe(200);
      const clientId = rows.body!.table.data[0]!.client_id;

      // At the phone's width: the page's panel under the form.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${baseUrl()}/app/transactions/${clientId}`);
      const panel = page.getByTestId('transaction-comments');
      await panel.locator('[data-testid="comments-empty"], [data-testid="comments-list"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
      const editor = panel.getByTestId('comment-editor');
      const text = editor.locator('.ProseMirror');
      const words = `Inspection moved ${Date.now()}`;
      await text.fill(words);
      await page.keyboard.type(` @${agent.firstName.slice(0, 3)}`);
      await page.getByTestId(`mention-option-user-${agent.agentId}`).waitFor({ timeout: UI_TIMEOUT_MS });
      // The agent's option by keyboard: down to it, then Enter.
      const options = await page
        .locator('[data-testid^="mention-option-"]')
        .evaluateAll((items) => items.map((item) => (item as unknown as { dataset: { testid: string } }).dataset.testid));
      const index = options.indexOf(`mention-option-user-${agent.agentId}`);
      expect(index).toBeGreaterThanOrEqual(0);
      for (let step = 0; step < index; step++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.keyboard.type('thanks');
      const answered = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/messages/comments',
        { timeout: UI_TIMEOUT_MS },
      );
      await editor.getByTestId('editor-submit').click();
      const answer = await answered;
      expect(answer.status()).toBeLessThan(300);
      const sent = JSON.parse(answer.request().postData() ?? '{}') as {
        comment_value: string;
        comment_type: string;
        comment_on_id: number;
        visibility: string;
      };
      expect(sent).toMatchObject({ comment_type: 'trans', comment_on_id: clientId, visibility: 'i' });
      expect(sent.comment_value).toContain(`<span data-mention="user:${agent.agentId}">@`);
      const shown = panel.getByTestId('message-body').filter({ hasText: words });
      await shown.waitFor({ timeout: UI_TIMEOUT_MS });
      // The emptied box draws its placeholder again.
      await editor.locator('.ProseMirror[data-empty="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(
        await text.evaluate(
          (box) =>
            (globalThis as unknown as { getComputedStyle: (element: unknown, pseudo: string) => { content: string } }).getComputedStyle(
              box,
              '::before',
            ).content,
        ),
      ).toBe('"Write a comment, type @ to mention someone"');
      await shown.scrollIntoViewIfNeeded();
      expect(await noSidewaysScroll(page)).toBe(true);
      await viewShot(page, 'comments-panel-390.png');

      // The mentioned agent's comment inbox with mention_only=true holds it.
      const mentions = await api<{ records: ApiComment[] }>('/api/messages/comments?page=1&per_page=10&mention_only=true', {
        token: agent.token,
      });
      expect(mentions.status).toBe(200);
      expect(mentions.body!.records.some((comment) => comment.comment_on_id === clientId && comment.comment_value.includes(words))).toBe(
        true,
      );
      posted = { words, clientId };
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the mentioned agent finds that comment under @ Mentions in the message center',
    async () => {
      if (!posted) throw new Error('the comment of the test before was not posted');
      const { page } = ctx;
      await signInThroughApi(page, AGENT);
      await page.goto(`${baseUrl()}/app/messages?type=comments`);
      await page.getByTestId('inbox-filter').click();
      const listed = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/messages/comments' &&
          new URL(response.url()).searchParams.get('mention_only') === 'true',
        { timeout: UI_TIMEOUT_MS },
      );
      await page.getByTestId('inbox-filter-mentions').click();
      await listed;
      await page.getByTestId('inbox-item').filter({ hasText: posted.words }).waitFor({ timeout: UI_TIMEOUT_MS });
      await viewShot(page, 'comments-mentions-inbox-1280.png');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "the notification dialog previews the edited email and sends it: 'Message has been sent', the mail in the mailbox, the task Completed",
    async () => {
      const { page } = ctx;
      const { access_token: token } = await signInThroughApi(page, TC);
      const tasks = await api<{ records: ApiTask[] }>('/api/tasks?page=1&per_page=500&order_by=due_dt&order_dir=-1', { token });
      expect(tasks.status).toBe(200);
      const [task, spare] = tasks.body!.records.filter((item) => item.task_type === 'N' && !item.done);
      if (!task) throw new Error('the seed has no open notification task the TC sees');
      spareTask = spare;
      const recipient = `buyer.${Date.now()}@example.com`;
      const subject = `Inspection booked ${Date.now()}`;

      await page.goto(`${baseUrl()}/app/transactions/${task.client_id}/tasks/${task.task_id}`);
      await page.getByTestId('task-notification').waitFor({ timeout: UI_TIMEOUT_MS });
      const previewed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/preview', {
        timeout: UI_TIMEOUT_MS,
      });
      await page.getByRole('button', { name: 'More notification options' }).click();
      await page.getByRole('menuitem', { name: 'Edit and Send' }).click();
      expect(new URL((await previewed).url()).searchParams.get('task_id')).toBe(String(task.task_id));
      const dialog = page.getByTestId('notification-dialog');
      await dialog.getByTestId('notification-edit').waitFor({ timeout: UI_TIMEOUT_MS });

      const subjectInput = dialog.getByTestId('notification-subject').locator('input');
      await subjectInput.fill(subject);
      await dialog.getByRole('textbox', { name: 'Add a recipient' }).fill(recipient);
      await page.keyboard.press('Enter');
      await dialog.getByTestId('notification-recipient').filter({ hasText: recipient }).waitFor({ timeout: UI_TIMEOUT_MS });
      await viewShot(page, 'notification-dialog-1280.png');

      await dialog.getByRole('tab', { name: 'Preview' }).click();
      const preview = dialog.getByRole('region', { name: 'The email as the recipient sees it' });
      expect(await preview.getByTestId('notification-preview-subject').textContent()).toBe(subject);
      expect(await preview.getByTestId('notification-preview-to').textContent()).toContain(recipient);
      // The sender as the mail shows it: From '{sender} via {team}', Reply-To the from address.
      expect(await preview.getByTestId('notification-preview-from').textContent()).toMatch(/\S via \S/);
      expect(await preview.getByTestId('notification-preview-reply-to').textContent()).toBe(
        await dialog.getByTestId('notification-from').locator('input').inputValue(),
      );
      expect(((await preview.getByTestId('notification-preview-body').textContent()) ?? '').trim().length).toBeGreaterThan(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await viewShot(page, 'notification-preview-390.png');
      await page.setViewportSize({ width: 1280, height: 900 });

      const sent = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/notifications/send',
        { timeout: UI_TIMEOUT_MS },
      );
      await dialog.getByTestId('notification-send-updated').click();
      const answer = await sent;
      expect(answer.status()).toBeLessThan(300);
      expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({
        task_ids: [task.task_id],
        subject,
        recipients: expect.arrayContaining([recipient]),
      });
      await page.getByText('Message has been sent').waitFor({ timeout: UI_TIMEOUT_MS });
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      const mail = await until('the notification mail', () => mailsTo(recipient).find((item) => item.subject === subject));
      expect(mail.subject).toBe(subject);
      // The task is Completed (transactions completes it on messaging's event); the modal shows it.
      await until('the completed task', async () => {
        const { body } = await api<ApiTask>(`/api/tasks/${task.task_id}`, { token });
        return body?.done ? true : undefined;
      });
      await page.getByTestId('task-modal-status').filter({ hasText: 'Completed' }).waitFor({ timeout: UI_TIMEOUT_MS });
      await viewShot(page, 'notification-sent-1280.png');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "Edit Template saves the task's subject and template with merge fields ('Template updated'); the dialog passes axe",
    async () => {
      const { page } = ctx;
      const { access_token: token } = await signInThroughApi(page, TC);
      // Another open notification task than the one sent (the test before found it).
      const task =
        spareTask ??
        (await api<{ records: ApiTask[] }>('/api/tasks?page=1&per_page=500&order_by=due_dt&order_dir=-1', { token })).body!.records.find(
          (item) => item.task_type === 'N' && !item.done,
        );
      if (!task) throw new Error('the seed has no open notification task the TC sees');
      const stamp = String(Date.now());

      await page.goto(`${baseUrl()}/app/transactions/${task.client_id}/tasks/${task.task_id}`);
      await page
        .getByTestId('task-notification')
        .waitFor({ timeout: UI_TIMEOUT_MS })
        .catch(async (error: unknown) => {
          await viewShot(page, 'notification-template-failure.png');
          throw error;
        });
      await page.getByRole('button', { name: 'More notification options' }).click();
      await page.getByRole('menuitem', { name: 'Edit Template' }).click();
      const dialog = page.getByTestId('notification-dialog');
      await dialog.getByTestId('notification-template').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await dialog.getByRole('group', { name: 'Merge fields' }).getByRole('button').count()).toBe(6);
      expect(await axeProblems(page)).toEqual([]);
      const subject = dialog.getByTestId('notification-subject').locator('input');
      expect(await subject.inputValue()).toContain('{{');
      await subject.fill(`Closing soon {{task_name}} ${stamp}`);
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === '/api/notifications/template',
        { timeout: UI_TIMEOUT_MS },
      );
      await dialog.getByTestId('notification-update-template').click();
      expect((await saved).status()).toBe(200);
      await page.getByText('Template updated').waitFor({ timeout: UI_TIMEOUT_MS });
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      templated = { task, stamp };
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "the task's next Edit and Send is rendered from its saved template; the dialog passes axe",
    async () => {
      if (!templated) throw new Error('the template of the test before was not saved');
      const { page } = ctx;
      const { task, stamp } = templated;
      await signInThroughApi(page, TC);
      await page.goto(`${baseUrl()}/app/transactions/${task.client_id}/tasks/${task.task_id}`);
      await page.getByTestId('task-notification').waitFor({ timeout: UI_TIMEOUT_MS });
      const dialog = page.getByTestId('notification-dialog');
      await page.getByRole('button', { name: 'More notification options' }).click();
      await page.getByRole('menuitem', { name: 'Edit and Send' }).click();
      await dialog.getByTestId('notification-edit').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await dialog.getByTestId('notification-subject').locator('input').inputValue()).toBe(`Closing soon ${task.name} ${stamp}`);
      expect(await axeProblems(page)).toEqual([]);
      await dialog.getByRole('tab', { name: 'Preview' }).click();
      expect(await dialog.getByTestId('notification-preview-subject').textContent()).toBe(`Closing soon ${task.name} ${stamp}`);
      await viewShot(page, 'notification-preview-1280.png');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
