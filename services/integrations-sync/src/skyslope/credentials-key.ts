import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CredentialsKeyError, generateCredentialsKey, parseCredentialsKey } from './credentials-cipher';

export const CREDENTIALS_KEY_FILE = 'skyslope-credentials.key';

export interface ResolvedCredentialsKey {
  /** base64, 32 bytes */
  key: string;
  source: 'env' | 'file' | 'generated';
}

/**
 * SKYSLOPE_CREDENTIALS_KEY when set (checked: 32 bytes of base64). Without it production refuses to
 * start; development and test keep one under dataDir (e.g. <repo>/.data), generated on first start,
 * so stored credentials still decrypt after a restart.
 */
export function resolveCredentialsKey(options: {
  envKey: string | undefined;
  production: boolean;
  dataDir: string;
}): ResolvedCredentialsKey {
  if (options.envKey && options.envKey.trim()) {
    parseCredentialsKey(options.envKey);
    return { key: options.envKey.trim(), source: 'env' };
  }
  if (options.production) throw new CredentialsKeyError('SKYSLOPE_CREDENTIALS_KEY is required in production (32 bytes, base64)');
  const file = path.join(options.dataDir, CREDENTIALS_KEY_FILE);
  const existing = readKey(file);
  if (existing) return { key: existing, source: 'file' };
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx': two processes starting together (API and worker) must end with the same key.
    writeFileSync(file, `${generateCredentialsKey()}\n`, { flag: 'wx', mode: 0o600 });
    return { key: readKey(file)!, source: 'generated' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = readKey(file);
    if (!written) throw new CredentialsKeyError(`${file} is empty`);
    return { key: written, source: 'file' };
  }
}

function readKey(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!text) return undefined;
  parseCredentialsKey(text);
  return text;
}
