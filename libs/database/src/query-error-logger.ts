import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * TypeORM's own logger prints a failed query's parameters, which can be password hashes, emails or
 * reset keys. This one writes one JSON line per failed query with the SQL text and the error, never
 * the parameters; the request that failed is logged by the HTTP layer with its id.
 */
export class QueryErrorLogger implements TypeOrmLogger {
  constructor(
    private readonly schema: string,
    private readonly write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {}

  // The parameters are taken and deliberately dropped.
  logQueryError(error: string | Error, query: string, _parameters?: unknown[]): void {
    this.write(
      JSON.stringify({
        level: 'error',
        time: new Date().toISOString(),
        schema: this.schema,
        msg: 'query failed',
        error: typeof error === 'string' ? error : error.message,
        query: query.replace(/\s+/g, ' ').trim(),
      }),
    );
  }

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn')
      this.write(JSON.stringify({ level: 'warn', time: new Date().toISOString(), schema: this.schema, msg: String(message) }));
  }
}
