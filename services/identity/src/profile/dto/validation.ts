import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES } from '@app/contracts';
import { IsPhoneField, IsUsDate, SAFE_TEXT, SAFE_TEXT_MESSAGE, Trim } from '@app/platform';
import { IsNotEmpty, IsString, Matches, MaxLength, type ValidationOptions } from 'class-validator';

export { IsTimeZone, SAFE_TEXT, SAFE_TEXT_MESSAGE } from '@app/platform';

/** A date in the profile's MM-DD-YYYY wire format (cap anniversaries). */
export const IsWireDate = (options?: ValidationOptions) => IsUsDate('-', options);

export const PERCENT_MESSAGE = { message: 'Enter a percent from 0 to 100 with at most 2 decimals' };
export const AMOUNT_MESSAGE = { message: 'Enter an amount of 0 or more with at most 2 decimals' };

const REQUIRED = { message: ACCOUNT_MESSAGES.required };

// applyDecorators runs them in the order given, the reverse of stacked decorators: the required
// check is registered first so that its message is the one shown when the value is missing.

/** A required first or last name (profile and user form): trimmed, 'Required' (spaces only too), at most 100, no < > * ! ( ) { }. */
export const RequiredPersonName = () =>
  applyDecorators(Trim(), IsNotEmpty(REQUIRED), IsString(REQUIRED), Matches(SAFE_TEXT, SAFE_TEXT_MESSAGE), MaxLength(100), ApiProperty());

/**
 * A required phone number ('Required', 'Invalid phone number': spec 000's words); any formatting on
 * input ('(555) 555-0100', '555.555.0100', '+1 555 555 0100'), stored and answered as its 10 digits.
 * The console shows it as (999) 999-9999.
 */
export const RequiredPhone = () => IsPhoneField({ requiredMessage: ACCOUNT_MESSAGES.required, message: ADMIN_MESSAGES.invalidPhone });
