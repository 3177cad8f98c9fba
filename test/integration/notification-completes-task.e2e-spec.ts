import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { TASK_STATUS } from '@app/contracts';
import { readMailbox } from '@app/mail';
import {
  createTestDatabase,
  eventually,
  signTestToken,
  TasksFactory,
  TransactionsFactory,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import type { MessagingConfig } from '../../services/messaging/src/messaging.config';
import { bootMessagingBeside } from '../../services/messaging/test/mail-test-kit';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';

/**
 * A sent notification completes its task (docs/notifications-api.md): messaging publishes
 * messaging.task-notification.sent with the send, and transactions' CompleteNotificationTaskWhenNotificationSent
 * sets the N task Completed; both services on one database and one Redis, talking only through the bus.
 */
describe('POST /notifications/send completes the notification task in transactions', () => {
  let database: TestDatabase;
  let transactions: TestService<TransactionsConfig>;
  let messaging: TestService<MessagingConfig>;
  let mailDir: string;
  const TEAM = 2701;
  const ADMIN = 270_001;

  beforeAll(async () => {
    database = await createTestDatabase();
    mailDir = mkdtempSync(path.join(tmpdir(), 'notification-completes-'));
    transactions = await bootTransactionsBeside(database);
    messaging = await bootMessagingBeside(database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: mailDir });
  }, 60_000);
  afterAll(async () => {
    await messaging?.close();
    await transactions?.close();
    await database?.drop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('sends the mail, and the task becomes Completed in transactions', async () => {
    const factory = new TransactionsFactory(transactions.dataSource);
    const options = await factory.options(TEAM);
    const { client_id: clientId } = await factory.transaction(options, { primary_agent_id: ADMIN, first_name: 'Ann', last_name: 'Buyer' });
    const taskId = await new TasksFactory(transactions.dataSource).task(TEAM, clientId, {
      name: 'Inspection notice',
      task_type: 'N',
      due_dt: '2026-03-05',
    });

    // Messaging's read copies as transactions' and identity's events leave them.
    await messaging.dataSource.query(
      `INSERT INTO messaging.users (agent_id, team_id, team_name, first_name, last_name, email, roles, status, source_occurred_at)
       VALUES ($1, $2, 'Demo Realty', 'Ada', 'Admin', 'ada@demo-realty.test', '{ADMIN}', 'active', now())`,
      [ADMIN, TEAM],
    );
    await messaging.dataSource.query(
      `INSERT INTO messaging.transactions (client_id, team_id, version, type, first_name, last_name, formatted_address, primary_agent_id, contacts)
       VALUES ($1, $2, 1, 'buyer', 'Ann', 'Buyer', '12 Elm St', $3, $4)`,
      [clientId, TEAM, ADMIN, JSON.stringify([{ name: 'Ann Buyer', email: 'ann@buyer.test' }])],
    );
    await messaging.dataSource.query(
      `INSERT INTO messaging.tasks (task_id, team_id, client_id, version, name, task_type, due_dt) VALUES ($1, $2, $3, 1, 'Inspection notice', 'N', '2026-03-05')`,
      [taskId, TEAM, clientId],
    );

    const token = await signTestToken({ agent_id: ADMIN, team_id: TEAM, roles: ['ADMIN'], permissions: [], market_id: 0 });
    await request(messaging.server)
      .post('/api/notifications/send')
      .set('authorization', `Bearer ${token}`)
      .send({ task_ids: [taskId] })
      .expect(200, { message: 'Message has been sent' });

    const task = await eventually(async () => {
      const [row] = await transactions.dataSource.query(`SELECT status_id, done FROM transactions.tasks WHERE task_id = $1`, [taskId]);
      return row?.done ? row : null;
    }, 15_000);
    expect(task).toEqual({ status_id: TASK_STATUS.completed, done: true });
    const mail = await eventually(async () => (await readMailbox(mailDir)).find((m) => m.to === 'ann@buyer.test'));
    expect(mail).toMatchObject({
      from: 'Ada Admin via Demo Realty <no-reply@realty.test>',
      reply_to: 'ada@demo-realty.test',
      subject: 'Update on 12 Elm St',
    });
  }, 30_000);
});
