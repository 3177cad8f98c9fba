import type { DataSource } from 'typeorm';
import type { EventOutbox } from '@app/events';
import type { SeedState } from '@app/seed';
import { BlackoutDaysEvents } from '../blackout-days/blackout-days.events';
import { BlackoutDaysRepository } from '../blackout-days/blackout-days.repository';
import { predefinedDayOf } from '../blackout-days/blackout-options';
import { TeamsRepository } from '../team/teams.repository';

/** Seeded blackout weekdays, by team key: Demo Realty does not work on Sundays, so some due dates show adjusted. */
const SEED_BLACKOUT_WEEKDAYS: Readonly<Record<string, readonly string[]>> = { demo: ['sunday'] };

/** How long to wait for a team to be set up from identity.team.provisioned (the services run during the seed). */
const TEAM_WAIT_MS = 60_000;

export async function waitForTeam(dataSource: DataSource, teamId: number): Promise<void> {
  const deadline = Date.now() + TEAM_WAIT_MS;
  for (;;) {
    const rows: unknown[] = await dataSource.query(`SELECT 1 FROM team_admin.teams WHERE team_id = $1`, [teamId]);
    if (rows.length) return;
    if (Date.now() > deadline) throw new Error(`team ${teamId} is not set up in team-admin yet (identity.team.provisioned not applied)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Adds the seeded blackout weekdays through team-admin's own blackout-days code, publishing
 * team-admin.blackout-days.changed as the application does; a weekday already there is left alone.
 * Answers how many days it added.
 */
export async function seedBlackoutDays(dataSource: DataSource, outbox: EventOutbox, state: SeedState): Promise<number> {
  const teams = new TeamsRepository(dataSource);
  const days = new BlackoutDaysRepository(dataSource);
  const events = new BlackoutDaysEvents(teams, days, outbox);
  let added = 0;
  for (const team of state.teams) {
    const weekdays = SEED_BLACKOUT_WEEKDAYS[team.key] ?? [];
    if (weekdays.length === 0) continue;
    await waitForTeam(dataSource, team.team_id);
    await dataSource.transaction(async (manager) => {
      let changed = false;
      for (const key of weekdays) {
        const day = predefinedDayOf(key);
        if (!day) throw new Error(`unknown blackout day ${key}`);
        if (await days.findByKey(team.team_id, day.key, manager)) continue;
        await days.insert(team.team_id, { kind: day.kind, predefined_day_key: day.key, sort_order: day.sortOrder }, manager);
        changed = true;
        added += 1;
      }
      if (changed) await events.publishChanged(team.team_id, manager);
    });
  }
  return added;
}
