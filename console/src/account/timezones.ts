// Timezone pieces the profile and Team Settings selects share.

/** The zones of the US states, most used first. */
export const US_STATE_TIMEZONES: readonly string[] = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

/** The browser's IANA zones (empty where Intl cannot list them: older browsers). */
export function browserTimezones(): string[] {
  try {
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/** A zone as the select shows it: 'America/Los_Angeles' -> 'America/Los Angeles'. */
export const timezoneName = (zone: string): string => zone.replace(/_/g, ' ');
