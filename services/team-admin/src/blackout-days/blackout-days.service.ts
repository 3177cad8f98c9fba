import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ADMIN_MESSAGES, TEAM_SETUP_MESSAGES, todayIn, type BlackoutDay, type FieldError } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { isUniqueViolation } from '../common/postgres';
import { TEAM_ADMIN_MESSAGES } from '../common/team-admin.errors';
import { fromDashedUsDate, toDashedUsDate } from '@app/dates';
import { TeamTransactions } from '../team/team-transactions';
import { BLACKOUT_OPTIONS, predefinedDayOf } from './blackout-options';
import { BlackoutDaysEvents } from './blackout-days.events';
import { BlackoutDaysRepository, type BlackoutDayRow, type NewBlackoutDay } from './blackout-days.repository';
import type { CreateBlackoutDayDto, DeleteBlackoutDayQueryDto } from './dto/blackout-day.dto';

function blackoutDayOf(row: BlackoutDayRow): BlackoutDay {
  return {
    team_blackout_day_id: row.team_blackout_day_id,
    kind: row.kind,
    predefined_day_key: row.predefined_day_key,
    // Predefined days take their option's label, so a relabelled option shows everywhere at once.
    day_label: row.kind === 'custom' ? row.day_label! : (predefinedDayOf(row.predefined_day_key!)?.label ?? row.predefined_day_key!),
    day_date: row.day_date ? toDashedUsDate(row.day_date) : null,
  };
}

const alreadyAdded = () => new ConflictException(ADMIN_MESSAGES.blackoutAlreadyAdded);

/**
 * The new day a POST body describes, or 400 with the spec's field errors. A custom day must be today or
 * later, `today` being the date in the team's time zone ('YYYY-MM-DD').
 */
function newDayOf(body: CreateBlackoutDayDto, today: string): NewBlackoutDay {
  const { predefined_day_key: key, day_label: label, day_date: date } = body;
  if (key !== undefined) {
    if (label !== undefined || date !== undefined) {
      throw new FieldErrorsException([{ field: 'predefined_day_key', error: TEAM_ADMIN_MESSAGES.predefinedOrCustom }]);
    }
    const day = predefinedDayOf(key);
    if (!day) throw new FieldErrorsException([{ field: 'predefined_day_key', error: TEAM_ADMIN_MESSAGES.unknownDay }]);
    return { kind: day.kind, predefined_day_key: day.key, sort_order: day.sortOrder };
  }
  const isoDate = date === undefined ? null : fromDashedUsDate(date);
  const errors: FieldError[] = [];
  if (label === undefined) errors.push({ field: 'day_label', error: ADMIN_MESSAGES.blackoutLabelRequired });
  if (date === undefined) errors.push({ field: 'day_date', error: ADMIN_MESSAGES.blackoutDateRequired });
  else if (!isoDate) errors.push({ field: 'day_date', error: ADMIN_MESSAGES.invalidDate });
  else if (isoDate < today) errors.push({ field: 'day_date', error: TEAM_SETUP_MESSAGES.blackoutDatePast });
  if (errors.length) throw new FieldErrorsException(errors);
  return { kind: 'custom', day_label: label!, day_date: isoDate! };
}

@Injectable()
export class BlackoutDaysService {
  constructor(
    private readonly teams: TeamTransactions,
    private readonly days: BlackoutDaysRepository,
    private readonly events: BlackoutDaysEvents,
  ) {}

  async options(teamId: number) {
    await this.teams.read(teamId);
    return BLACKOUT_OPTIONS;
  }

  async list(teamId: number): Promise<{ records: BlackoutDay[] }> {
    await this.teams.read(teamId);
    return { records: (await this.days.list(teamId)).map(blackoutDayOf) };
  }

  /**
   * Adds a day (409 when it is already one; a custom day before today in the team's zone, UTC for a team
   * without one, is a 400) and publishes the team's resolved blackout days.
   */
  async create(teamId: number, body: CreateBlackoutDayDto) {
    const team = await this.teams.read(teamId);
    const day = newDayOf(body, todayIn(team.timezone ?? 'UTC'));
    try {
      return await this.teams.run(teamId, async (manager) => {
        const existing =
          day.kind === 'custom'
            ? await this.days.findByDate(teamId, day.day_date, manager)
            : await this.days.findByKey(teamId, day.predefined_day_key, manager);
        if (existing) throw alreadyAdded();
        const row = await this.days.insert(teamId, day, manager);
        await this.events.publishChanged(teamId, manager);
        return { status: 'success' as const, message: ADMIN_MESSAGES.settingSaved, record: blackoutDayOf(row) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyAdded();
      throw error;
    }
  }

  /** Removes a day by id or by predefined key (unchecking a weekday or holiday). */
  remove(teamId: number, query: DeleteBlackoutDayQueryDto) {
    const { team_blackout_day_id: id, predefined_day_key: key } = query;
    if (id === undefined && key === undefined) {
      throw new FieldErrorsException([{ field: 'team_blackout_day_id', error: ADMIN_MESSAGES.required }]);
    }
    if (id !== undefined && key !== undefined) {
      throw new FieldErrorsException([{ field: 'team_blackout_day_id', error: 'Send either team_blackout_day_id or predefined_day_key' }]);
    }
    if (key !== undefined && !predefinedDayOf(key)) {
      throw new FieldErrorsException([{ field: 'predefined_day_key', error: TEAM_ADMIN_MESSAGES.unknownDay }]);
    }
    return this.teams.run(teamId, async (manager: EntityManager) => {
      const removed =
        id !== undefined ? await this.days.deleteById(teamId, id, manager) : await this.days.deleteByKey(teamId, key!, manager);
      if (!removed) throw new NotFoundException(TEAM_ADMIN_MESSAGES.blackoutDayNotFound);
      await this.events.publishChanged(teamId, manager);
      return { status: 'success' as const, message: ADMIN_MESSAGES.settingSaved };
    });
  }
}
