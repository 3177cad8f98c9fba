// The timezone choices of Team Settings: the US zones first (most teams), then every IANA zone.
import { timezoneName, US_STATE_TIMEZONES } from '../../account/timezones';

export const US_TIMEZONES: readonly string[] = [...US_STATE_TIMEZONES, 'America/Puerto_Rico'];

export interface TimezoneChoice {
  id: string;
  name: string;
  group: 'us' | 'other';
}

/**
 * US zones, then every other zone once, in the order given; the team's current zone is kept even
 * when the list lacks it (so the select never blanks a saved value).
 */
export function timezoneChoices(all: readonly string[], current?: string | null): TimezoneChoice[] {
  const seen = new Set<string>();
  const choices: TimezoneChoice[] = [];
  const add = (zone: string, group: TimezoneChoice['group']) => {
    if (!zone || seen.has(zone)) return;
    seen.add(zone);
    choices.push({ id: zone, name: timezoneName(zone), group });
  };
  US_TIMEZONES.forEach((zone) => add(zone, 'us'));
  if (current && !US_TIMEZONES.includes(current) && !all.includes(current)) add(current, 'other');
  all.forEach((zone) => add(zone, 'other'));
  return choices;
}

/**
 * The zone to preselect for a team that has none: the browser's own (Intl), when it is one the lists
 * know ('UTC' included; any zone where the browser cannot list them), else null.
 */
export function browserTimeZone(known: readonly string[]): string | null {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (!zone) return null;
  return zone === 'UTC' || known.length === 0 || known.includes(zone) ? zone : null;
}
