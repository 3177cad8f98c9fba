import { ADMIN_MESSAGES } from '@app/contracts';

export {
  EmptyAsNull,
  EmptyAsUndefined,
  fromWireDate,
  IsTimeZone,
  isKnownTimeZone,
  QueryBoolean,
  SAFE_TEXT,
  SAFE_TEXT_MESSAGE,
  toWireDate,
  Trim,
} from '@app/platform';

export const REQUIRED = { message: ADMIN_MESSAGES.required };
