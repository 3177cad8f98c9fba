import { createHash } from 'node:crypto';
import path from 'node:path';
import { ConfigError, env, refuseToStart, type ServiceConfig } from '@app/platform';
import type { StorageOptions } from './storage.options';

/** Environment of a service that stores files (spread into the service's config spec). */
export const storageConfigSpec = {
  /** local (default: files on disk, served by the service) or s3. */
  STORAGE_DRIVER: env.oneOf(['local', 's3'] as const, 'local'),
  /** Root folder of the local driver; default <cwd>/.data/storage. */
  STORAGE_DIR: env.string(path.join(process.cwd(), '.data', 'storage')),
  /**
   * HMAC key of the local driver's URLs. Required in production; elsewhere, when unset, a key is derived
   * from JWT_PUBLIC_KEY so that every replica of a development stack agrees without setup.
   */
  STORAGE_SIGNING_SECRET: env.string(''),
  /** Origin in front of local file URLs; empty gives same-origin paths (/api/<service>/files/...). */
  STORAGE_PUBLIC_URL: env.string(''),
  S3_ENDPOINT: env.string(''),
  S3_BUCKET: env.string(''),
  S3_ACCESS_KEY: env.string(''),
  S3_SECRET_KEY: env.string(''),
  S3_REGION: env.string('us-east-1'),
};

type StorageConfig = { [K in keyof typeof storageConfigSpec]: ReturnType<(typeof storageConfigSpec)[K]> };

/** StorageOptions from a loaded config; throws ConfigError for combinations one variable cannot check alone. */
export function storageOptionsFrom(config: ServiceConfig & StorageConfig): StorageOptions {
  let signingSecret = config.STORAGE_SIGNING_SECRET;
  if (!signingSecret) {
    if (config.NODE_ENV === 'production' && config.STORAGE_DRIVER === 'local') {
      throw new ConfigError('STORAGE_SIGNING_SECRET is missing (required in production with STORAGE_DRIVER=local)');
    }
    // Development only: the public key is not a secret, so these URLs are forgeable by anyone who has it.
    signingSecret = createHash('sha256').update(`realty-storage-signing\n${config.JWT_PUBLIC_KEY}`).digest('hex');
  } else if (signingSecret.length < 32) {
    throw new ConfigError('STORAGE_SIGNING_SECRET must be at least 32 characters');
  }
  if (config.STORAGE_DRIVER === 's3' && !config.S3_BUCKET) {
    throw new ConfigError('S3_BUCKET is missing (required with STORAGE_DRIVER=s3)');
  }
  return {
    service: config.service,
    driver: config.STORAGE_DRIVER,
    storageDir: config.STORAGE_DIR,
    signingSecret,
    publicUrl: config.STORAGE_PUBLIC_URL,
    s3:
      config.STORAGE_DRIVER === 's3'
        ? {
            endpoint: config.S3_ENDPOINT,
            bucket: config.S3_BUCKET,
            accessKey: config.S3_ACCESS_KEY,
            secretKey: config.S3_SECRET_KEY,
            region: config.S3_REGION,
          }
        : undefined,
  };
}

/** storageOptionsFrom, or a one-line reason and exit code 78 (as loadServiceConfigOrExit does). */
export function storageOptionsOrExit(config: ServiceConfig & StorageConfig): StorageOptions {
  try {
    return storageOptionsFrom(config);
  } catch (error) {
    if (error instanceof ConfigError) refuseToStart(config.service, error.message);
    throw error;
  }
}
