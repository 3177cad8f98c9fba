import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventPayloads } from '@app/contracts';
import { yearIn } from '@app/dates';
import { EventOutbox } from '@app/events';
import { TeamsRepository } from '../team/teams.repository';
import { WEEKDAY_OPTIONS } from './blackout-options';
import { BlackoutDaysRepository, type BlackoutDayRow } from './blackout-days.repository';
import { isFederalHolidayKey, observedFederalHoliday, US_FEDERAL_HOLIDAYS } from './us-federal-holidays';

/** Holidays are resolved for this year and the next two. */
export const RESOLVED_YEARS = 3;

/** The current year in a time zone (a team in Honolulu is still in the old year at 05:00 UTC on 1 January). */
export function currentYearIn(timezone: string | null, now: Date = new Date()): number {
  return yearIn(now, timezone);
}

/**
 * The team's blackout days as due-date rules use them: weekdays 0 (Sunday)..6, holidays (the chosen holiday
 * keys in calendar order, so that a consumer can resolve any year itself), and dates 'YYYY-MM-DD' (every
 * custom day, and each chosen holiday as observed in this year and the next two), sorted and unique.
 */
export function resolveBlackoutDays(
  days: BlackoutDayRow[],
  timezone: string | null,
  now: Date = new Date(),
): Omit<EventPayloads['team-admin.blackout-days.changed'], 'revision'> {
  const firstYear = currentYearIn(timezone, now);
  const weekdays = new Set<number>();
  const holidays = new Set<string>();
  const dates = new Set<string>();
  for (const day of days) {
    if (day.kind === 'custom' && day.day_date) dates.add(day.day_date);
    if (day.kind === 'weekday') weekdays.add(WEEKDAY_OPTIONS.findIndex((o) => o.id === day.predefined_day_key));
    if (day.kind === 'holiday' && day.predefined_day_key && isFederalHolidayKey(day.predefined_day_key)) {
      holidays.add(day.predefined_day_key);
      for (let year = firstYear; year < firstYear + RESOLVED_YEARS; year++) dates.add(observedFederalHoliday(day.predefined_day_key, year));
    }
  }
  return {
    timezone,
    weekdays: [...weekdays].filter((d) => d >= 0).sort((a, b) => a - b),
    holidays: US_FEDERAL_HOLIDAYS.map((h) => h.key).filter((key) => holidays.has(key)),
    dates: [...dates].sort(),
  };
}

/** Publishes team-admin.blackout-days.changed with the team's next revision, in the caller's transaction. */
@Injectable()
export class BlackoutDaysEvents {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly days: BlackoutDaysRepository,
    private readonly outbox: EventOutbox,
  ) {}

  async publishChanged(teamId: number, manager: EntityManager): Promise<void> {
    const team = await this.teams.find(teamId, manager);
    const resolved = resolveBlackoutDays(await this.days.list(teamId, manager), team?.timezone ?? null);
    const revision = await this.teams.nextRevision(teamId, 'blackout_days_revision', manager);
    await this.outbox.publish(manager, 'team-admin.blackout-days.changed', teamId, { revision, ...resolved });
  }
}
