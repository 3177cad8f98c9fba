import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Phones are stored as their 10 digits (the profile and the user form normalise what is typed; the
 * console shows (999) 999-9999). Rows saved before that rule keep what was typed ('(555) 555-0100',
 * '512.555.0123'): the ones that read as a US number (10 digits, or 11 starting with country code 1,
 * in the usual formatting) become their 10 digits; anything else stays as it is.
 */
export class IdentityNormalisePhones1763700000160 implements MigrationInterface {
  name = 'IdentityNormalisePhones1763700000160';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE identity.users
         SET mobile_phone = right(regexp_replace(mobile_phone, '\\D', '', 'g'), 10)
       WHERE btrim(mobile_phone) ~ '^\\+?[0-9\\s().-]{1,40}$'
         AND (length(regexp_replace(mobile_phone, '\\D', '', 'g')) = 10
              OR regexp_replace(mobile_phone, '\\D', '', 'g') ~ '^1[0-9]{10}$')
         AND mobile_phone !~ '^[0-9]{10}$'`);
  }

  async down(): Promise<void> {
    // The typed formatting is not kept; 10 digits read the same.
  }
}
