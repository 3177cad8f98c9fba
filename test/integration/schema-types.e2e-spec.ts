// The committed database type (libs/database/src/schema.generated.ts) is what the migrations make: a
// migration that adds, drops or changes a column without `npm run db:types` fails here, and the
// repositories' row types (Selectable<DB[...]>) then tell the compiler what changed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { SCHEMA_TYPES_FILE, generateSchemaTypes, migrateEveryService } from '../../scripts/schema-types';

describe('the generated database type', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateEveryService(database.url);
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
  });

  it(`${SCHEMA_TYPES_FILE} matches every service's migrated schema (else run npm run db:types)`, async () => {
    const committed = readFileSync(path.join(__dirname, '..', '..', SCHEMA_TYPES_FILE), 'utf8');
    const fresh = await generateSchemaTypes(database.url);
    // jest prints the differing lines: the tables and columns the file lacks or still has.
    expect(fresh).toBe(committed);
  }, 60_000);
});
