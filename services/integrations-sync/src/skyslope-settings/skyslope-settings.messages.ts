import { SKYSLOPE_MESSAGES as SHARED, skySlopeKeyMessages } from '@app/contracts';

export { SKYSLOPE_PREFERENCES, type SkySlopePreference } from '@app/contracts';

/** The server's words (the shared ones from libs/contracts, and the field and ping messages). */
export const SKYSLOPE_MESSAGES = {
  settingsUpdated: SHARED.settingsUpdated,
  invalidInput: SHARED.invalidInput,
  required: (label: string) => skySlopeKeyMessages(label).required,
  tooShort: (label: string) => skySlopeKeyMessages(label).tooShort,
  tooLong: (label: string) => skySlopeKeyMessages(label).tooLong,
  ping: {
    0: SHARED.pingSucceeded,
    1: 'No SkySlope credentials saved',
    2: 'SkySlope refused the credentials',
    3: 'SkySlope could not be reached',
    4: 'SkySlope is limiting requests; try again in a moment',
  },
} as const;

/** '••••' and the last 4 characters; empty when nothing is saved. */
export const maskOf = (value: string | null): string => (value ? `••••${value.slice(-4)}` : '');
