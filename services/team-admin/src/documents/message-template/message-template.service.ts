import { Injectable } from '@nestjs/common';
import { ADMIN_MESSAGES, type DocumentMessageTemplate } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { TeamTransactions } from '../../team/team-transactions';
import { TeamsRepository } from '../../team/teams.repository';

/** What a team's send-document message says until the team saves its own. */
export const DEFAULT_MESSAGE_TEMPLATE = 'Hello,\n\nPlease find the attached documents for your review.\n\nThank you.';

@Injectable()
export class MessageTemplateService {
  constructor(
    private readonly teams: TeamTransactions,
    private readonly teamRows: TeamsRepository,
  ) {}

  async get(teamId: number): Promise<DocumentMessageTemplate> {
    const team = await this.teams.read(teamId);
    return { message_template: team.message_template ?? DEFAULT_MESSAGE_TEMPLATE };
  }

  update(teamId: number, template: string) {
    // Blank text is as missing as none (the class-validator rule lets spaces through).
    if (!template.trim()) throw new FieldErrorsException([{ field: 'message_template', error: ADMIN_MESSAGES.required }]);
    return this.teams.run(teamId, async (manager) => {
      await this.teamRows.setMessageTemplate(teamId, template, manager);
      return {
        status: 'success' as const,
        message: ADMIN_MESSAGES.messageTemplateUpdated,
        record: { message_template: template } satisfies DocumentMessageTemplate,
      };
    });
  }
}
