import type { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import type { Role } from '@app/contracts';
import { sanitizeRichText } from '@app/platform';
import type { Seeder, SeedState } from '@app/seed';
import { CommentAudienceRepository } from '../audience/comment-audience';
import { CommentsRepository } from '../comments/comments.repository';
import { CommentsService } from '../comments/comments.service';
import { DirectMessagesRepository } from '../direct-messages/direct-messages.repository';
import { DirectMessagesService } from '../direct-messages/direct-messages.service';
import type { InboxMailer } from '../inbox/inbox-mailer';
import type { InboxNotifier } from '../inbox/inbox-notifier';
import { MentionsRepository } from '../mentions/mentions.repository';

/** How long to wait for the read copies (identity's users, transactions' deals and tasks) the seed builds on. */
const READ_COPY_WAIT_MS = 90_000;

// The seed writes through the inbox's own services (the same rules as the API), without pushes or mails.
const silentNotifier = {
  countsBefore: async () => new Map(),
  queue: async () => undefined,
  pushCountChanges: async () => undefined,
  pushDmThread: async () => undefined,
  pushDmThreadsTo: async () => undefined,
  pushCommentThread: async () => undefined,
} as unknown as InboxNotifier;
const silentMailer = { queue: async () => undefined } as unknown as InboxMailer;

interface DemoPeople {
  admin: AuthenticatedUser;
  tc: AuthenticatedUser;
  isa: AuthenticatedUser;
  agent: AuthenticatedUser;
  client: AuthenticatedUser;
}

const mention = (user: AuthenticatedUser, name: string) => `<span data-mention="user:${user.agent_id}">@${name}</span>`;
const group = (name: string) => `<span data-mention="group:${name}">@${name}</span>`;

function callerOf(state: SeedState, teamId: number, email: string): AuthenticatedUser | null {
  const user = state.users.find((u) => u.team_id === teamId && u.email === email);
  return user ? { agent_id: user.agent_id, team_id: teamId, roles: user.roles as Role[], permissions: [], market_id: 0 } : null;
}

/** Waits until messaging's read copies hold the demo users and a transaction of the demo agent. */
async function readCopiesReady(
  dataSource: DataSource,
  people: DemoPeople,
): Promise<{ client_id: number; formatted_address: string } | null> {
  const deadline = Date.now() + READ_COPY_WAIT_MS;
  const ids = Object.values(people).map((p) => p.agent_id);
  for (;;) {
    const [{ n }]: { n: number }[] = await dataSource.query(
      `SELECT count(*)::int AS n FROM messaging.users WHERE agent_id = ANY($1::int[])`,
      [ids],
    );
    const [deal]: { client_id: number; formatted_address: string }[] = await dataSource.query(
      `SELECT client_id, formatted_address FROM messaging.transactions WHERE team_id = $1 AND primary_agent_id = $2 AND NOT deleted ORDER BY client_id LIMIT 1`,
      [people.agent.team_id, people.agent.agent_id],
    );
    if (n === ids.length && deal) return deal;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * messaging's part of the seed: a few Demo Realty DM threads and comments, written with the inbox's
 * services once the read copies hold the demo users and transactions (so only with --wait, the services
 * running). Idempotent: a team that has messages is left alone.
 */
export const messagingSeeder: Seeder = {
  service: 'messaging',
  after: ['identity', 'transactions'],
  async seed({ dataSource, state, options }) {
    if (!options.live) return 'DM threads and comments come with --wait (they build on the read copies of users and transactions)';
    const team = state.teams.find((t) => t.key === 'demo');
    if (!team) return 'no Demo Realty in this run';
    const [admin, tc, isa, agent, client] = ['admin', 'tc', 'isa', 'agent', 'client'].map((name) =>
      callerOf(state, team.team_id, `${name}@demo-realty.test`),
    );
    if (!admin || !tc || !isa || !agent || !client) return 'Demo Realty users not found; nothing seeded';
    const [{ n: existing }]: { n: number }[] = await dataSource.query(
      `SELECT (SELECT count(*) FROM messaging.direct_messages WHERE team_id = $1) + (SELECT count(*) FROM messaging.comments WHERE team_id = $1) AS n`,
      [team.team_id],
    );
    if (Number(existing) > 0) return 'messages already present';
    const deal = await readCopiesReady(dataSource, { admin, tc, isa, agent, client });
    if (!deal) return 'read copies of the demo users and transactions not ready in time; no messages seeded';

    const mentions = new MentionsRepository();
    const notifier = silentNotifier;
    const dms = new DirectMessagesService(dataSource, new DirectMessagesRepository(), mentions, notifier, silentMailer);
    const comments = new CommentsService(
      dataSource,
      new CommentsRepository(),
      new CommentAudienceRepository(),
      mentions,
      notifier,
      silentMailer,
    );
    const text = (html: string) => sanitizeRichText(html);

    const title = await dms.create(agent, {
      dm_value: text(`<p>Hi ${group('tcs')}, can someone order the title search for ${deal.formatted_address}?</p>`),
    });
    await dms.create(tc, {
      dm_value: text('<p>Ordered this morning. I will upload it as soon as it comes back.</p>'),
      parent_dm_id: title.dm_id,
    });
    const meeting = await dms.create(admin, {
      dm_value: text(`<p>${group('team')} the weekly team meeting moves to <strong>Thursday 9:00</strong> this week.</p>`),
    });
    await dms.create(isa, { dm_value: text('<p>Thanks, I will bring the new lead numbers.</p>'), parent_dm_id: meeting.dm_id });
    await dms.create(tc, {
      dm_value: text(`<p>${mention(agent, 'Alex')} the inspection report is in. Please review it before Friday.</p>`),
    });

    const lender = await comments.create(tc, {
      comment_type: 'trans',
      comment_on_id: deal.client_id,
      comment_value: text(`<p>${mention(agent, 'Alex')} the lender needs an updated pre-approval letter.</p>`),
      visibility: 'i',
    });
    await comments.create(agent, {
      comment_type: 'trans',
      comment_on_id: deal.client_id,
      comment_value: text('<p>Requested it from the buyer today.</p>'),
      parent_comment_id: lender.comment_id,
      visibility: 'i',
    });
    let seeded = 7;
    const [clientDeal]: { client_id: number }[] = await dataSource.query(
      `SELECT client_id FROM messaging.transactions WHERE team_id = $1 AND $2 = ANY(client_user_ids) AND primary_agent_id = $3 AND NOT deleted ORDER BY client_id LIMIT 1`,
      [team.team_id, client.agent_id, agent.agent_id],
    );
    if (clientDeal) {
      await comments.create(agent, {
        comment_type: 'trans',
        comment_on_id: clientDeal.client_id,
        comment_value: text(`<p>${mention(client, 'Casey')} your closing is scheduled. Let me know if you have any questions.</p>`),
        visibility: 'c',
      });
      seeded += 1;
    }
    const [task]: { task_id: number }[] = await dataSource.query(
      `SELECT task_id FROM messaging.tasks WHERE client_id = $1 AND NOT deleted ORDER BY task_id LIMIT 1`,
      [deal.client_id],
    );
    if (task) {
      await comments.create(isa, {
        comment_type: 'task',
        comment_on_id: task.task_id,
        comment_value: text(`<p>${mention(tc, 'Taylor')} the buyer asked about this one on the phone.</p>`),
        visibility: 'i',
      });
      seeded += 1;
    }
    return `added ${seeded} Demo Realty messages (3 DM threads, comments on ${deal.formatted_address})`;
  },
};
