import type { Page, Request } from 'playwright-core';
import {
  api,
  BASE64_IMAGE_HTML,
  baseUrl,
  freshPagePerTest,
  JOURNEY_TIMEOUT_MS,
  pasteHtml,
  shot,
  signInThroughApi,
  UI_TIMEOUT_MS,
} from './browser-helpers';

// The task screens (spec 001 sections 2, 4, 5 and 8) as the demo TC on the seeded demo team:
// a transaction's tasks with their due labels (and the blackout icon: Demo Realty blacks out Sundays), the
// task modal saving each change at once (status, due date set and cleared, assignee, stage; description,
// a pasted base64 image refused, TC and tags), an N task's disabled status, bulk edit of three tasks
// sending only the changed field, and a document upload (refused without a folder, then attached, the
// 'Document required' dialog before it, the task completed after it, the document opened by the messages'
// link). Changes stay in this run's throwaway stack.

const TC = 'tc@demo-realty.test';

interface Due {
  label: string;
  is_adjusted: boolean;
}
interface ApiTask {
  task_id: number;
  client_id: number;
  name: string;
  status_id: number;
  done: boolean;
  task_type: 'N' | null;
  due_dt: string | null;
  due: Due;
  assigned_to_agent_id: number | null;
  doc_type_id: number | null;
  doc_id: number | null;
}

async function tasksOfTeam(token: string): Promise<ApiTask[]> {
  const { status, body } = await api<{ records: ApiTask[] }>('/api/tasks?page=1&per_page=500&order_by=due_dt&order_dir=-1', { token });
  expect(status).toBe(200);
  return body!.records;
}

async function tasksOf(token: string, clientId: number): Promise<ApiTask[]> {
  const { status, body } = await api<{ records: ApiTask[] }>(`/api/tasks?client_id=${clientId}&page=1&per_page=100`, { token });
  expect(status).toBe(200);
  return body!.records;
}

/** Transactions by id with their tasks, from the team's 500 latest-due tasks (open ones: the seed completes the past). */
function byTransaction(tasks: readonly ApiTask[]): Map<number, ApiTask[]> {
  const map = new Map<number, ApiTask[]>();
  for (const task of tasks) map.set(task.client_id, [...(map.get(task.client_id) ?? []), task]);
  return map;
}

/** The body of the next request matching method and path (a regular expression on the URL). */
function nextRequest(page: Page, method: string, url: RegExp): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((request: Request) => request.method() === method && url.test(request.url()), { timeout: UI_TIMEOUT_MS })
    .then((request) => JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
}

/** Waits for the answer too, so the next change starts from the saved task. */
async function saved(page: Page, method: string, url: RegExp, act: () => Promise<void>): Promise<Record<string, unknown>> {
  const request = nextRequest(page, method, url);
  const response = page.waitForResponse((r) => r.request().method() === method && url.test(r.url()), { timeout: UI_TIMEOUT_MS });
  await act();
  const [body, answer] = await Promise.all([request, response]);
  expect(answer.status()).toBe(200);
  return body;
}

/** A dropdown by its label (MUI names the combobox by its label and its value: 'Status Not Started'). */
const dropdown = (page: Page, within: string, label: string) =>
  page.getByTestId(within).getByRole('combobox', { name: new RegExp(`^${label}( |$)`) });

async function choose(page: Page, label: string, option: string | RegExp) {
  await dropdown(page, 'task-modal', label).click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

async function tableReady(page: Page) {
  await page
    .locator('[data-testid="tasks-table"][data-loading="false"] [data-testid="tasks-table-row"]')
    .first()
    .waitFor({ timeout: UI_TIMEOUT_MS });
}

describe('task screens (Chromium)', () => {
  const ctx = freshPagePerTest({ width: 1366, height: 800 });

  it(
    "a TC sees a transaction's tasks with their due labels and works one in the modal, each change saved at once",
    async () => {
      const { page } = ctx;
      const { access_token: token } = await signInThroughApi(page, TC);
      const groups = byTransaction(await tasksOfTeam(token));
      // A transaction with a task moved off a blackout Sunday when there is one, and an open plain task without a document rule.
      const candidates = [...groups.entries()].filter(([, tasks]) =>
        tasks.some((task) => !task.done && task.task_type === null && task.doc_type_id === null),
      );
      const [clientId] = candidates.find(([, tasks]) => tasks.some((task) => task.due.is_adjusted)) ?? candidates[0];
      const tasks = await tasksOf(token, clientId);

      await page.goto(`${baseUrl()}/app/transactions/${clientId}/tasks`);
      await tableReady(page);
      expect(await page.title()).toBe('Tasks · Realty');
      const shown = await page.getByTestId('tasks-table-row').evaluateAll((rows) =>
        rows.map((row) => {
          const el = row as unknown as { querySelector(s: string): { textContent: string | null } | null };
          return {
            name: el.querySelector('[data-testid="task-name"]')?.textContent ?? '',
            due: el.querySelector('[data-testid="task-due"]')?.textContent ?? '',
            adjusted: !!el.querySelector('[data-testid="task-due-adjusted"]'),
          };
        }),
      );
      expect(shown).toEqual(tasks.map((task) => ({ name: task.name, due: task.due.label, adjusted: task.due.is_adjusted })));
      if (tasks.some((task) => task.due.is_adjusted)) {
        await page.getByTestId('tasks-table').getByTestId('task-due-adjusted').first().hover();
        await page.getByRole('tooltip', { name: 'Date changed due to black out dates' }).waitFor({ timeout: UI_TIMEOUT_MS });
      }
      await shot(page, 'tasks-page-1366.png');

      // The modal by a row click: its own URL, every change sent as it is made.
      const task = tasks.find((item) => !item.done && item.task_type === null && item.doc_type_id === null)!;
      await page.getByTestId('tasks-table-row').filter({ hasText: task.name }).first().locator('td[data-field="status_id"]').click();
      await page.getByTestId('task-modal-title').filter({ hasText: task.name }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(new URL(page.url()).pathname).toBe(`/app/transactions/${clientId}/tasks/${task.task_id}`);
      const taskUrl = new RegExp(`/api/tasks/${task.task_id}$`);

      const nextStatus = task.status_id === 2 ? 'Not Started' : 'In Progress';
      expect(await saved(page, 'PATCH', taskUrl, () => choose(page, 'Status', nextStatus))).toEqual({
        task_id: task.task_id,
        transaction_id: clientId,
        preset: 'status',
        status_id: nextStatus === 'In Progress' ? 2 : 1,
      });

      const due = page.getByTestId('task-modal').getByLabel('Due date', { exact: true });
      expect(await saved(page, 'PATCH', taskUrl, () => due.fill('12/15/2026'))).toMatchObject({ preset: 'due', due_dt: '12/15/2026' });
      await page.getByTestId('task-modal-due-label').filter({ hasText: /Due/ }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await saved(page, 'PATCH', taskUrl, () => due.fill(''))).toMatchObject({ preset: 'due', due_dt: null });
      await page.getByTestId('task-modal-due-label').filter({ hasText: 'No due date' }).waitFor({ timeout: UI_TIMEOUT_MS });

      await dropdown(page, 'task-modal', 'Assigned to').click();
      const other = page.getByRole('option').and(page.locator(':not([aria-selected="true"]):not([aria-disabled="true"])')).first();
      const assignee = saved(page, 'PATCH', taskUrl, () => other.click());
      expect(await assignee).toMatchObject({ preset: 'assignee', assigned_to_agent_id: expect.any(Number) });

      await dropdown(page, 'task-modal', 'Stage').click();
      const stage = page.getByRole('option').and(page.locator(':not([aria-selected="true"])')).nth(1);
      const stageBody = await saved(page, 'PATCH', new RegExp(`/api/transaction/${clientId}$`), () => stage.click());
      expect(stageBody).toMatchObject({
        client_id: clientId,
        task_id: task.task_id,
        preset: 'task_modal',
        changes: { client_stage_id: expect.any(Number) },
      });
      expect(Object.keys(stageBody.changes as object)).toEqual(['client_stage_id']);
      expect(
        await page
          .getByTestId('task-modal')
          .getByRole('button', { name: /^save$/i })
          .count(),
      ).toBe(0);
      await shot(page, 'task-modal-1366.png');
      // The phone's width: the modal full screen, by its URL; no sideways scroll.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${baseUrl()}/app/transactions/${clientId}/tasks/${task.task_id}`);
      await page.getByTestId('task-modal-title').filter({ hasText: task.name }).waitFor({ timeout: UI_TIMEOUT_MS });
      await shot(page, 'task-modal-390.png');
      await page.getByTestId('task-modal-close').click();
      await tableReady(page);
      expect(
        await page.evaluate(() => {
          const dom = globalThis as unknown as { document: { scrollingElement: { scrollWidth: number } | null }; innerWidth: number };
          return (dom.document.scrollingElement?.scrollWidth ?? 0) <= dom.innerWidth;
        }),
      ).toBe(true);
      await shot(page, 'tasks-page-390.png');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the description refuses a pasted base64 image and saves on leaving; the TC and the tags save at once',
    async () => {
      const { page } = ctx;
      const { access_token: token } = await signInThroughApi(page, TC);
      // A transaction the first journey does not use: the last with an open plain task.
      const groups = [...byTransaction(await tasksOfTeam(token)).entries()].filter(([, list]) =>
        list.some((task) => !task.done && task.task_type === null && task.doc_type_id === null),
      );
      const [clientId, tasks] = groups[groups.length - 1];
      const task = tasks.find((item) => !item.done && item.task_type === null && item.doc_type_id === null)!;
      await page.goto(`${baseUrl()}/app/transactions/${clientId}/tasks/${task.task_id}`);
      await page.getByTestId('task-modal-title').filter({ hasText: task.name }).waitFor({ timeout: UI_TIMEOUT_MS });

      // Description: an embedded image is refused with the message and leaves the text as it was.
      const editor = page.locator('[data-testid="task-modal-description"] .ProseMirror');
      await editor.click();
      const before = await editor.innerHTML();
      await pasteHtml(editor, BASE64_IMAGE_HTML, 'Look');
      await page.getByText('Embeded images not allowed', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await editor.locator('img').count()).toBe(0);
      expect(await editor.innerHTML()).toBe(before);
      // Typed text is saved when the field is left (preset details).
      await page.keyboard.press('ControlOrMeta+End');
      const words = `Call the lender ${Date.now().toString(36)}`;
      // After a space: text typed straight after a link would extend the link.
      await page.keyboard.type(` ${words}`);
      const details = await saved(page, 'PATCH', new RegExp(`/api/tasks/${task.task_id}$`), () =>
        page.getByTestId('task-modal-title').click(),
      );
      expect(details).toMatchObject({ preset: 'details', dscr: expect.stringContaining(words) });

      // Assigned TC and tags: each choice is one PATCH of the transaction with that field alone (preset task_modal).
      const transactionUrl = new RegExp(`/api/transaction/${clientId}$`);
      await dropdown(page, 'task-modal', 'Assigned TC').click();
      const tc = page.getByRole('option').and(page.locator(':not([aria-selected="true"]):not([aria-disabled="true"])')).last();
      const tcBody = await saved(page, 'PATCH', transactionUrl, () => tc.click());
      expect(tcBody).toMatchObject({ client_id: clientId, task_id: task.task_id, preset: 'task_modal' });
      expect(Object.keys(tcBody.changes as object)).toEqual(['tc_agent_id']);

      await dropdown(page, 'task-modal', 'Tags').click();
      const tagsInput = page.getByTestId('task-modal-tags').locator('input');
      const tagsBefore = (await tagsInput.inputValue()).split(',').filter(Boolean).map(Number);
      const tag = page.getByRole('option').and(page.locator(':not([aria-selected="true"])')).first();
      const tagsBody = await saved(page, 'PATCH', transactionUrl, () => tag.click());
      expect(Object.keys(tagsBody.changes as object)).toEqual(['tags']);
      const tags = (tagsBody.changes as { tags: number[] }).tags;
      // The one chosen tag added to those the transaction had.
      expect([...tags].sort()).toEqual(expect.arrayContaining([...tagsBefore].sort()));
      expect(tags.length).toBe(tagsBefore.length + 1);
      await page.keyboard.press('Escape');
      // The field holds the saved set (it lists tags in the options' order; the PATCH sent them in click order).
      expect(
        (await tagsInput.inputValue())
          .split(',')
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([...tags].sort((a, b) => a - b));
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "an N task's status is disabled, and a bulk edit of three tasks sends only the changed field",
    async () => {
      const { page } = ctx;
      const { access_token: token } = await signInThroughApi(page, TC);
      const groups = byTransaction(await tasksOfTeam(token));
      const [clientId, tasks] = [...groups.entries()].find(([, list]) => list.some((task) => task.task_type === 'N') && list.length >= 3)!;
      const notification = tasks.find((task) => task.task_type === 'N')!;

      // By its URL: the modal over the list.
      await page.goto(`${baseUrl()}/app/transactions/${clientId}/tasks/${notification.task_id}`);
      const status = dropdown(page, 'task-modal', 'Status');
      await status.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await status.getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByTestId('task-modal-status-help').textContent()).toBe(
        'The status of a notification task changes when it is sent',
      );
      expect(await page.getByTestId('task-notification-send').textContent()).toBe('Send Notification');
      await page.getByTestId('task-modal-close').click();
      await tableReady(page);

      for (let index = 0; index < 3; index += 1) await page.getByTestId('tasks-table-select').nth(index).check();
      await page.getByTestId('tasks-bulk-edit').click();
      const submit = page.getByTestId('bulk-task-submit');
      expect(await submit.textContent()).toBe('Change 3 tasks');
      expect(await submit.isDisabled()).toBe(true);
      await dropdown(page, 'bulk-task-dialog', 'Assigned to').click();
      await page.getByRole('option').nth(1).click();
      const body = await saved(page, 'PATCH', /\/api\/tasks\/bulk$/, () => submit.click());
      expect(Object.keys(body).sort()).toEqual(['assigned_to_agent_id', 'task_ids']);
      expect((body.task_ids as number[]).length).toBe(3);
      // {updated}: the tasks whose assignee changed (one may have had it already).
      await page.getByText(/^\d+ tasks? changed$/).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('bulk-task-dialog').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "a document task: 'Document required' first, an upload without a folder refused, then attached, the task completed, the document opened by its link",
    async () => {
      const { page } = ctx;
      const { access_token: token } = await signInThroughApi(page, TC);
      const task = (await tasksOfTeam(token)).find(
        (item) => !item.done && item.task_type === null && item.doc_type_id !== null && item.doc_id === null,
      )!;
      expect(task).toBeDefined();
      await page.goto(`${baseUrl()}/app/transactions/${task.client_id}/tasks/${task.task_id}`);
      await page.getByTestId('task-modal-upload').waitFor({ timeout: UI_TIMEOUT_MS });

      await choose(page, 'Status', 'Completed');
      await page
        .getByTestId('document-required-text')
        .filter({ hasText: 'You cannot complete this task without attaching a document first.' })
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('document-required-ok').click();

      const pdf = {
        name: 'inspection.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      };
      await page.getByTestId('task-modal-upload-file').setInputFiles(pdf);
      expect(await page.getByTestId('task-modal-upload-folder-error').textContent()).toBe('Upload folder is required.');

      await choose(page, 'Folder', 'General');
      const confirm = page.waitForResponse((r) => /\/documents\/confirm$/.test(r.url()), { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('task-modal-upload-file').setInputFiles(pdf);
      expect((await confirm).ok()).toBe(true);
      const link = page.getByTestId('task-modal-document-link');
      await link.filter({ hasText: 'inspection.pdf' }).waitFor({ timeout: UI_TIMEOUT_MS });

      const completed = await saved(page, 'PATCH', new RegExp(`/api/tasks/${task.task_id}$`), () => choose(page, 'Status', 'Completed'));
      expect(completed).toMatchObject({ preset: 'status', status_id: 3 });

      // The messages' link goes on to the folder route and shows the PDF with Download.
      await link.click();
      await page.getByTestId('document-viewer-pdf').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/app/transactions/${task.client_id}/documents/general/\\d+$`));
      expect(await page.getByTestId('document-download').isVisible()).toBe(true);
      await page.goto(`${baseUrl()}/app/transactions/${task.client_id}/documents/no-such-folder`);
      await page.getByText('Document not found').waitFor({ timeout: UI_TIMEOUT_MS });
    },
    JOURNEY_TIMEOUT_MS,
  );
});
