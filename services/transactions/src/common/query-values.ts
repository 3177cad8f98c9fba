/** A query string's number (one rule for every service, in libs/platform). */
export { numberOrRaw } from '@app/platform';

/** A query string's boolean: 'true' or 'false'; anything else stays raw, so the validator names it. */
export const booleanOrRaw = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);
