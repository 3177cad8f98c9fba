import { ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { addressOf, MailService, mailParts, type MailMessage } from '@app/mail';
import type { AuthenticatedUser } from '@app/auth';
import {
  FORM_FIELD_MESSAGES,
  MESSAGE_TEXT_MAX,
  MESSAGING_MESSAGES as M,
  NOTIFICATION_RECIPIENTS_MAX,
  NOTIFICATION_SUBJECT_MAX,
  type FieldError,
  type NotificationPreview,
  type Role,
} from '@app/contracts';
import { EventOutbox } from '@app/events';
import { FieldErrorsException, isFormEmail, richTextPlain, sanitizeRichText, SERVICE_CONFIG } from '@app/platform';
import { CommentAudienceRepository } from '../audience/comment-audience';
import { hasNulCharacter } from '../inbox/inbox.dto';
import type { MessagingConfig } from '../messaging.config';
import type { NotificationTemplateDto, SendNotificationDto } from './dto/notifications.dto';
import {
  DEFAULT_NOTIFICATION_TEMPLATE,
  formatDueDate,
  htmlToText,
  renderHtml,
  renderSubject,
  textToHtml,
  unknownMergeFields,
  type MergeValues,
} from './notification-template';
import { NotificationsRepository, type NotificationTaskRow, type SenderRow } from './notifications.repository';

/** Roles that preview and send any notification of their team; agents only those of tasks they may see. */
const TEAM_WIDE_SENDERS: readonly Role[] = ['ADMIN', 'TRANC', 'ISISA'];
/** Roles that edit any task's template; agents only as the transaction's primary agent. */
const TEAM_WIDE_TEMPLATE_EDITORS: readonly Role[] = ['ADMIN', 'TRANC'];

const TASK_NOT_FOUND = 'Task not found';
const notFound = () => new NotFoundException({ status: 'error', message: TASK_NOT_FOUND });
const forbidden = () => new ForbiddenException({ status: 'error', message: 'You do not have permission to do this' });
const fieldErrors = (errors: FieldError[]) => new FieldErrorsException(errors);

/** One task's mail, ready to record and queue. */
interface RenderedNotification {
  task: NotificationTaskRow;
  subject: string;
  html: string;
  text: string;
  recipients: string[];
}

/**
 * Email notifications of notification tasks (task_type N), from messaging's read copies: preview
 * (rendered from the task's template or the team default, recipients the transaction's contacts with an
 * email, from the caller's email), send (one mail per recipient From '{sender} via {team}' at MAIL_FROM with
 * Reply-To from_email; the mails and messaging.task-notification.sent through the outbox with the send's
 * record, so transactions completes the task), and the task's template.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: NotificationsRepository,
    private readonly audience: CommentAudienceRepository,
    private readonly outbox: EventOutbox,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async preview(caller: AuthenticatedUser, taskId: number): Promise<NotificationPreview> {
    const manager = this.dataSource.manager;
    const task = await this.sendableTask(manager, caller, taskId, 'task_id');
    const sender = await this.senderOf(manager, caller);
    const source = this.templateOf(task);
    const values = this.valuesOf(task);
    const html = renderHtml(source.template, values);
    return {
      subject: renderSubject(source.subject, values),
      message: { html, text: htmlToText(html) },
      recipients: this.defaultRecipients(task),
      from_email: sender.email,
      template: source,
    };
  }

  async send(caller: AuthenticatedUser, body: SendNotificationDto): Promise<{ message: string }> {
    const manager = this.dataSource.manager;
    const taskIds = [...new Set(body.task_ids)];
    const tasks: NotificationTaskRow[] = [];
    for (const taskId of taskIds) tasks.push(await this.sendableTask(manager, caller, taskId, 'task_ids'));
    const sender = await this.senderOf(manager, caller);

    const errors: FieldError[] = [];
    const fromEmail = this.fromEmailOf(body.from_email, sender, errors);
    const given = this.givenRecipients(body.recipients, errors);
    // One task: the given subject and message replace the rendered ones. Several: each its own template.
    const single = tasks.length === 1;
    const subjectOverride = single ? this.givenSubject(body.subject, errors) : undefined;
    const messageOverride = single ? this.givenMessage(body.message, errors) : undefined;

    const rendered: RenderedNotification[] = tasks.map((task) => {
      const source = this.templateOf(task);
      const values = this.valuesOf(task);
      const html = renderHtml(messageOverride?.html ?? source.template, values);
      return {
        task,
        subject: renderSubject(subjectOverride ?? source.subject, values),
        html,
        text: messageOverride?.text !== undefined ? renderSubjectLines(messageOverride.text, values) : htmlToText(html),
        recipients: given.length ? given : this.defaultRecipients(task),
      };
    });
    if (!errors.some((e) => e.field === 'recipients') && rendered.some((r) => r.recipients.length === 0)) {
      errors.push({ field: 'recipients', error: M.noRecipients });
    }
    if (errors.length) throw fieldErrors(errors);

    const fromName = sender.team_name ? `${nameOf(sender)} via ${sender.team_name}` : nameOf(sender);
    const mails: MailMessage[] = [];
    await this.dataSource.transaction(async (tx) => {
      for (const r of rendered) {
        const { send_id, sent_ts } = await this.repository.recordSend(tx, {
          team_id: caller.team_id,
          task_id: r.task.task_id,
          sent_by: caller.agent_id,
          from_email: fromEmail,
          subject: r.subject,
          html: r.html,
          text: r.text,
          recipients: r.recipients,
        });
        await this.outbox.publish(tx, 'messaging.task-notification.sent', caller.team_id, {
          task_id: r.task.task_id,
          sent_ts: new Date(sent_ts).toISOString(),
        });
        // The message as written (the preview's words), in the mail layout.
        const { text, html } = mailParts([{ html: r.html, text: r.text }]);
        r.recipients.forEach((to, index) =>
          mails.push({
            id: `task-notification-${send_id}-${index + 1}`,
            to,
            subject: r.subject,
            html,
            text,
            from_name: fromName,
            reply_to: fromEmail,
          }),
        );
      }
      // Written with the send's record (the outbox): a committed send always has its mails, however long Redis
      // is away, and a send that rolls back mails nobody.
      await this.mail.sendAllInTransaction(tx, mails, { team_id: caller.team_id });
    });
    this.logger.log(
      `agent ${caller.agent_id} sent ${rendered.length} notification(s) as ${mails.length} mail(s) from ${addressOf(this.config.MAIL_FROM)}`,
    );
    return { message: M.messageSent };
  }

  async updateTemplate(caller: AuthenticatedUser, body: NotificationTemplateDto): Promise<{ message: string }> {
    const manager = this.dataSource.manager;
    const task = await this.taskOf(manager, caller, body.task_id, 'task_id');
    if (!caller.roles.some((role) => TEAM_WIDE_TEMPLATE_EDITORS.includes(role)) && task.primary_agent_id !== caller.agent_id) {
      throw (await this.maySeeTask(manager, caller, task)) ? forbidden() : notFound();
    }
    const errors: FieldError[] = [];
    const subject = this.requiredSubject(body.subject, errors);
    const template = this.requiredTemplate(body.template, errors);
    if (errors.length) throw fieldErrors(errors);
    await this.repository.saveTemplate(manager, {
      task_id: task.task_id,
      team_id: caller.team_id,
      subject: subject!,
      template: template!,
      updated_by: caller.agent_id,
    });
    return { message: M.templateUpdated };
  }

  // ---------------------------------------------------------------- access

  /** The team's task (404 otherwise), a notification task (400 on `field` otherwise). */
  private async taskOf(manager: EntityManager, caller: AuthenticatedUser, taskId: number, field: string): Promise<NotificationTaskRow> {
    const task = await this.repository.taskOf(manager, caller.team_id, taskId);
    if (!task) throw notFound();
    if (task.task_type !== 'N') throw fieldErrors([{ field, error: M.notNotificationTask }]);
    return task;
  }

  /** A task the caller may preview and send: ADMIN, TRANC, ISISA, or an agent who may see the task (404 otherwise). */
  private async sendableTask(
    manager: EntityManager,
    caller: AuthenticatedUser,
    taskId: number,
    field: string,
  ): Promise<NotificationTaskRow> {
    const task = await this.repository.taskOf(manager, caller.team_id, taskId);
    if (!task) throw notFound();
    if (!caller.roles.some((role) => TEAM_WIDE_SENDERS.includes(role)) && !(await this.maySeeTask(manager, caller, task))) throw notFound();
    if (task.task_type !== 'N') throw fieldErrors([{ field, error: M.notNotificationTask }]);
    return task;
  }

  /** The comment audience rule: primary agent, TC, assignees of the transaction's tasks (and the team-wide roles). */
  private maySeeTask(manager: EntityManager, caller: AuthenticatedUser, task: NotificationTaskRow): Promise<boolean> {
    return this.audience.maySee(manager, caller.agent_id, task.client_id, 'i');
  }

  private async senderOf(manager: EntityManager, caller: AuthenticatedUser): Promise<SenderRow> {
    const sender = await this.repository.senderOf(manager, caller.agent_id, caller.team_id);
    // Messaging learns users from identity's events; a caller it does not know yet has no address to send from.
    if (!sender) throw notFound();
    return sender;
  }

  // ---------------------------------------------------------------- rendering

  private templateOf(task: NotificationTaskRow): { subject: string; template: string } {
    if (task.template !== null && task.template_subject !== null) return { subject: task.template_subject, template: task.template };
    return { subject: DEFAULT_NOTIFICATION_TEMPLATE.subject, template: sanitizeRichText(DEFAULT_NOTIFICATION_TEMPLATE.template) };
  }

  private valuesOf(task: NotificationTaskRow): MergeValues {
    return {
      client_first_name: task.first_name,
      client_last_name: task.last_name,
      address: task.formatted_address,
      agent_name: [task.agent_first_name, task.agent_last_name].filter(Boolean).join(' '),
      task_name: task.name,
      due_date: formatDueDate(task.due_dt),
    };
  }

  /** The transaction's contacts with a valid email, each once (case aside), in their order. */
  private defaultRecipients(task: NotificationTaskRow): string[] {
    const seen = new Set<string>();
    const recipients: string[] = [];
    for (const contact of task.contacts ?? []) {
      const email = typeof contact?.email === 'string' ? contact.email.trim() : '';
      if (!isFormEmail(email) || seen.has(email.toLowerCase())) continue;
      seen.add(email.toLowerCase());
      recipients.push(email);
    }
    return recipients.slice(0, NOTIFICATION_RECIPIENTS_MAX);
  }

  // ---------------------------------------------------------------- fields

  private fromEmailOf(value: unknown, sender: SenderRow, errors: FieldError[]): string {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return sender.email;
    if (typeof value !== 'string' || !isFormEmail(value.trim())) {
      errors.push({ field: 'from_email', error: M.invalidEmail });
      return sender.email;
    }
    const wanted = value.trim().toLowerCase();
    const own = [sender.email, sender.alternate_email].filter((e): e is string => !!e);
    const match = own.find((e) => e.toLowerCase() === wanted);
    if (!match) errors.push({ field: 'from_email', error: M.cannotSendFrom });
    return match ?? sender.email;
  }

  /** The given addresses, trimmed and each once; [] when none were given (the task's defaults apply). */
  private givenRecipients(value: unknown, errors: FieldError[]): string[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      errors.push({ field: 'recipients', error: FORM_FIELD_MESSAGES.invalidValue });
      return [];
    }
    const recipients: string[] = [];
    const seen = new Set<string>();
    for (const entry of value) {
      const email = typeof entry === 'string' ? entry.trim() : entry;
      if (typeof email !== 'string' || !isFormEmail(email)) {
        errors.push({ field: 'recipients', error: M.invalidEmail });
        return [];
      }
      if (seen.has(email.toLowerCase())) continue;
      seen.add(email.toLowerCase());
      recipients.push(email);
    }
    if (recipients.length > NOTIFICATION_RECIPIENTS_MAX) {
      errors.push({ field: 'recipients', error: M.tooManyRecipients });
      return [];
    }
    return recipients;
  }

  /** A subject that replaces the rendered one; undefined when not given. */
  private givenSubject(value: unknown, errors: FieldError[]): string | undefined {
    if (value === undefined || value === null) return undefined;
    return this.requiredSubject(value, errors);
  }

  private requiredSubject(value: unknown, errors: FieldError[]): string | undefined {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      errors.push({ field: 'subject', error: M.required });
      return undefined;
    }
    if (typeof value !== 'string' || hasNulCharacter(value)) {
      errors.push({ field: 'subject', error: FORM_FIELD_MESSAGES.invalidValue });
      return undefined;
    }
    const subject = value.replace(/[\r\n]+/g, ' ').trim();
    if (subject.length > NOTIFICATION_SUBJECT_MAX) errors.push({ field: 'subject', error: M.subjectTooLong });
    else if (unknownMergeFields(subject).length) errors.push({ field: 'subject', error: M.unknownMergeField });
    else return subject;
    return undefined;
  }

  /** A template: required rich text, sanitised, at most MESSAGE_TEXT_MAX characters of text, known merge fields only. */
  private requiredTemplate(value: unknown, errors: FieldError[]): string | undefined {
    return this.richText(value, 'template', errors);
  }

  /** A message that replaces the rendered one (HTML as a string or {html}, or plain text {text}); undefined when not given. */
  private givenMessage(value: unknown, errors: FieldError[]): { html: string; text?: string } | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') {
      const html = this.richText(value, 'message', errors);
      return html === undefined ? undefined : { html };
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      errors.push({ field: 'message', error: FORM_FIELD_MESSAGES.invalidValue });
      return undefined;
    }
    const { html, text } = value as { html?: unknown; text?: unknown };
    if (text !== undefined && text !== null && (typeof text !== 'string' || hasNulCharacter(text))) {
      errors.push({ field: 'message', error: FORM_FIELD_MESSAGES.invalidValue });
      return undefined;
    }
    const plain = typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
    if (html === undefined || html === null || (typeof html === 'string' && html.trim() === '')) {
      // Plain text only: mailed as escaped paragraphs.
      if (plain === undefined) {
        errors.push({ field: 'message', error: M.required });
        return undefined;
      }
      if (plain.length > MESSAGE_TEXT_MAX) errors.push({ field: 'message', error: M.tooLong });
      else if (unknownMergeFields(plain).length) errors.push({ field: 'message', error: M.unknownMergeField });
      else return { html: textToHtml(plain), text: plain };
      return undefined;
    }
    const clean = this.richText(html, 'message', errors);
    if (clean === undefined) return undefined;
    if (plain !== undefined && unknownMergeFields(plain).length) {
      errors.push({ field: 'message', error: M.unknownMergeField });
      return undefined;
    }
    return { html: clean, text: plain };
  }

  private richText(value: unknown, field: string, errors: FieldError[]): string | undefined {
    if (value !== undefined && value !== null && (typeof value !== 'string' || hasNulCharacter(value))) {
      errors.push({ field, error: FORM_FIELD_MESSAGES.invalidValue });
      return undefined;
    }
    const html = sanitizeRichText(value ?? '');
    const text = richTextPlain(html);
    if (text.trim() === '') errors.push({ field, error: M.required });
    else if (text.length > MESSAGE_TEXT_MAX) errors.push({ field, error: M.tooLong });
    else if (unknownMergeFields(html).length) errors.push({ field, error: M.unknownMergeField });
    else return html;
    return undefined;
  }
}

function nameOf(user: { first_name: string; last_name: string }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
}

/** Plain text with its merge fields replaced, line breaks kept. */
function renderSubjectLines(text: string, values: MergeValues): string {
  return text
    .split('\n')
    .map((line) => renderSubject(line, values))
    .join('\n');
}
