import { ADMIN_MESSAGES } from '@app/contracts';

export {
  EmptyAsNull,
  EmptyAsUndefined,
  IsTimeZone,
  isKnownTimeZone,
  QueryBoolean,
  SAFE_TEXT,
  SAFE_TEXT_MESSAGE,
  Trim,
} from '@app/platform';

export const REQUIRED = { message: ADMIN_MESSAGES.required };
