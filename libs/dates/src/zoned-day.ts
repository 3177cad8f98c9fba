import { formatInTimeZone } from 'date-fns-tz';

// The day an instant falls on for a team or a person in their IANA time zone (a profile's or a team's
// timezone; UTC without one): the CSV's dates, the year blackout holidays resolve from.

/** The instant's day in the zone as 'MM/DD/YYYY'. An unknown zone throws a RangeError, as Intl does. */
export function usDateIn(instant: Date, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, 'MM/dd/yyyy');
}

/** The instant's day in the zone as 'YYYY-MM-DD'. */
export function isoDateIn(instant: Date, timeZone: string): string {
  return formatInTimeZone(instant, timeZone, 'yyyy-MM-dd');
}

/** The instant's year in the zone (a team in Honolulu is still in the old year at 05:00 UTC on 1 January); null zone is UTC. */
export function yearIn(instant: Date, timeZone: string | null): number {
  return Number(formatInTimeZone(instant, timeZone ?? 'UTC', 'yyyy'));
}
