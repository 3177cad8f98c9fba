// The timezone choices of Team Settings: the US zones first (most teams), then every IANA zone.

export const US_TIMEZONES: readonly string[] = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
];

export interface TimezoneChoice {
  id: string;
  name: string;
  group: 'us' | 'other';
}

/** The browser's IANA zones (empty where Intl cannot list them). */
export function browserTimezones(): string[] {
  try {
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
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
    choices.push({ id: zone, name: zone.replace(/_/g, ' '), group });
  };
  US_TIMEZONES.forEach((zone) => add(zone, 'us'));
  if (current && !US_TIMEZONES.includes(current) && !all.includes(current)) add(current, 'other');
  all.forEach((zone) => add(zone, 'other'));
  return choices;
}
