// `npm run db:types`: regenerates libs/database/src/schema.generated.ts, the database type the
// repositories' row types derive from. Starts a throwaway Postgres the way the tests do, runs every
// service's migrations on it, reads the schemas with kysely-codegen and writes the file.
import { transformSync } from '@swc/core';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startPostgres } from './infra.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The migrations are TypeScript: compile each file as it is required, with build.mjs' SWC options,
// so no build (which would replace dist/ under a running stack) is needed.
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    module: { type: 'commonjs' },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
      baseUrl: root,
      paths: { '@app/*': ['libs/*/src'] },
    },
  });
  module._compile(code, filename);
};
const require = createRequire(import.meta.url);
const { SCHEMA_TYPES_FILE, generateSchemaTypes, migrateEveryService } = require('./schema-types.ts');

const dir = mkdtempSync(path.join(os.tmpdir(), 'realty-db-types-'));
// Always a fresh database: a DATABASE_URL of the developer's may hold tables no migration made.
delete process.env.DATABASE_URL;
const pg = await startPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), database: 'realty', quiet: true });
try {
  await migrateEveryService(pg.url);
  const text = await generateSchemaTypes(pg.url);
  writeFileSync(path.join(root, SCHEMA_TYPES_FILE), text);
  const tables = (text.match(/^ {2}"[a-z_]+\.[a-z_]+": /gm) ?? []).length;
  console.log(`[db-types] ${tables} tables -> ${SCHEMA_TYPES_FILE}`);
} finally {
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
