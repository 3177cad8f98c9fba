import { CommentAudienceRepository } from '../audience/comment-audience';
import { CommentsController } from '../comments/comments.controller';
import { CommentsRepository } from '../comments/comments.repository';
import { CommentsService } from '../comments/comments.service';
import { DirectMessagesController } from '../direct-messages/direct-messages.controller';
import { DirectMessagesRepository } from '../direct-messages/direct-messages.repository';
import { DirectMessagesService } from '../direct-messages/direct-messages.service';
import { MentionOptionsService } from '../mentions/mention-options.service';
import { MentionsRepository } from '../mentions/mentions.repository';
import { InboxController } from './inbox.controller';
import { InboxCountsService } from './inbox-counts.service';
import { InboxMailer } from './inbox-mailer';
import { InboxNotifier } from './inbox-notifier';

/** The inbox's HTTP calls (API processes). */
export const INBOX_CONTROLLERS = [DirectMessagesController, CommentsController, InboxController];

/** The inbox's services and repositories (the realtime InboxPublisher is registered beside them). */
export const INBOX_PROVIDERS = [
  CommentAudienceRepository,
  MentionsRepository,
  MentionOptionsService,
  DirectMessagesRepository,
  DirectMessagesService,
  CommentsRepository,
  CommentsService,
  InboxCountsService,
  InboxNotifier,
  InboxMailer,
];
