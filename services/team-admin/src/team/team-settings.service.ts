import { Injectable } from '@nestjs/common';
import { ADMIN_MESSAGES, type TeamSettings } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { FieldErrorsException } from '@app/platform';
import { BlackoutDaysEvents } from '../blackout-days/blackout-days.events';
import type { UpdateTeamSettingsDto } from './dto/update-team-settings.dto';
import { TeamLogoService } from './team-logo.service';
import { teamSettingsOf } from './team.mapper';
import { TeamTransactions } from './team-transactions';
import { TEAM_SETTINGS_COLUMNS, TeamsRepository, type TeamRow, type TeamSettingsColumn } from './teams.repository';

@Injectable()
export class TeamSettingsService {
  constructor(
    private readonly transactions: TeamTransactions,
    private readonly teams: TeamsRepository,
    private readonly outbox: EventOutbox,
    private readonly logos: TeamLogoService,
    private readonly blackoutEvents: BlackoutDaysEvents,
  ) {}

  async get(teamId: number): Promise<TeamSettings> {
    const team = await this.transactions.read(teamId);
    return teamSettingsOf(team, await this.logos.urlOf(team.logo_path));
  }

  /**
   * Saves the given fields; the resulting name and timezone are required. A real change publishes
   * team-admin.team.updated (and, with a new timezone, the blackout days resolved in it) in the same transaction.
   */
  async update(teamId: number, changes: UpdateTeamSettingsDto) {
    const saved = await this.transactions.run(teamId, async (manager, team) => {
      const values: Partial<Record<TeamSettingsColumn, string | null>> = {};
      for (const column of TEAM_SETTINGS_COLUMNS) {
        const value = changes[column];
        if (value !== undefined) values[column] = value === '' ? null : value;
      }
      const next = { ...team, ...values } as Omit<TeamRow, 'name'> & { name: string | null };
      const errors = [
        ...(next.name ? [] : [{ field: 'name', error: ADMIN_MESSAGES.required }]),
        ...(next.timezone ? [] : [{ field: 'timezone', error: ADMIN_MESSAGES.required }]),
      ];
      if (errors.length) throw new FieldErrorsException(errors);
      const result: TeamRow = { ...next, name: next.name! };

      const changed = TEAM_SETTINGS_COLUMNS.filter((c) => values[c] !== undefined && values[c] !== team[c]);
      if (!changed.length) return team;
      await this.teams.updateSettings(teamId, values, manager);
      const revision = await this.teams.nextRevision(teamId, 'settings_revision', manager);
      await this.outbox.publish(manager, 'team-admin.team.updated', teamId, {
        team_id: teamId,
        name: result.name,
        timezone: result.timezone,
        revision,
      });
      // The blackout days' event carries the zone its dates are meant in.
      if (changed.includes('timezone')) await this.blackoutEvents.publishChanged(teamId, manager);
      return result;
    });
    return {
      status: 'success' as const,
      message: ADMIN_MESSAGES.teamSettingsUpdated,
      record: teamSettingsOf(saved, await this.logos.urlOf(saved.logo_path)),
    };
  }
}
