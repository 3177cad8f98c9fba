/** The integration's words (spec 002, issue 25). */
export const SKYSLOPE_PREFERENCES = {
  send_commission: 'Send commission to SkySlope',
  send_commission_splits: 'Send agent commission splits',
  send_referral: 'Send referral fees',
} as const;
export type SkySlopePreference = keyof typeof SKYSLOPE_PREFERENCES;

export const SKYSLOPE_MESSAGES = {
  settingsUpdated: 'Successfully updated SkySlope settings',
  invalidInput: 'Invalid input',
  required: (label: string) => `${label} is required`,
  tooShort: (label: string) => `${label} must be at least 1 character`,
  tooLong: (label: string) => `${label} cannot exceed 256 characters`,
  ping: {
    0: 'Successful SkySlope API connection',
    1: 'No SkySlope credentials saved',
    2: 'SkySlope refused the credentials',
    3: 'SkySlope could not be reached',
    4: 'SkySlope is limiting requests; try again in a moment',
  },
} as const;

/** '••••' and the last 4 characters; empty when nothing is saved. */
export const maskOf = (value: string | null): string => (value ? `••••${value.slice(-4)}` : '');
