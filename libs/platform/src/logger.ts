import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * What never reaches a log line: credentials in headers and in any object one level down (a request body,
 * a job's data), the SkySlope keys included, and DocuSeal's API key (esign's DOCUSEAL_API_KEY, sent as
 * X-Auth-Token) should a config or a request's headers ever be logged.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.refresh_token',
  '*.access_token',
  '*.accessKey',
  '*.accessSecret',
  '*.access_key',
  '*.access_secret',
  '*.access_key_encrypted',
  '*.access_secret_encrypted',
  '*.DOCUSEAL_API_KEY',
  '*["x-auth-token"]',
];

/**
 * JSON logs on stdout (or the given destination); every line names the service. stdout is written
 * asynchronously (pino's sonic-boom on file descriptor 1, sync: false): a request never waits for a write to
 * the pipe or file behind it, and lines that come while one write is under way go out together. pino flushes
 * what is left synchronously when the process exits (process.exit, a fatal start-up error, the end of the event loop).
 */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

/** Lets Nest's own logging go through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
