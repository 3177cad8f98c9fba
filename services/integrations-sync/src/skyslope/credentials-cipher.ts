import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM for the teams' SkySlope Access Key and Secret at rest. Stored form (one string a value):
//   v<version>.<iv base64url>.<ciphertext base64url>.<tag base64url>
// The team id is the additional authenticated data, so a row copied to another team does not decrypt;
// the version names the key that wrote it, so keys can rotate (new writes use the current one, old rows
// still decrypt with theirs until they are rewritten).

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const STORED_FORM = /^v([0-9]{1,6})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]{22})$/;

export class CredentialsDecryptError extends Error {
  constructor(message = 'Stored SkySlope credentials cannot be decrypted') {
    super(message);
    this.name = 'CredentialsDecryptError';
  }
}

export class CredentialsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialsKeyError';
  }
}

/** A fresh key in the form SKYSLOPE_CREDENTIALS_KEY takes: 32 random bytes, base64. */
export function generateCredentialsKey(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

/** Decodes a base64 (or base64url) key and insists on exactly 32 bytes. */
export function parseCredentialsKey(base64: string): Buffer {
  const trimmed = base64.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw new CredentialsKeyError('SKYSLOPE_CREDENTIALS_KEY must be base64');
  const key = Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES)
    throw new CredentialsKeyError(`SKYSLOPE_CREDENTIALS_KEY must be ${KEY_BYTES} bytes (base64), got ${key.length}`);
  return key;
}

export interface CredentialsCipherKeys {
  /** The version new writes use; must be one of `keys`. */
  currentVersion: number;
  /** version -> base64 key (32 bytes). */
  keys: Record<number, string>;
}

export class CredentialsCipher {
  private readonly keys = new Map<number, Buffer>();
  private readonly currentVersion: number;

  constructor(options: CredentialsCipherKeys) {
    for (const [version, key] of Object.entries(options.keys)) this.keys.set(Number(version), parseCredentialsKey(key));
    if (!this.keys.has(options.currentVersion)) throw new CredentialsKeyError(`No key of version ${options.currentVersion}`);
    this.currentVersion = options.currentVersion;
  }

  /** One key, version 1: the usual case with SKYSLOPE_CREDENTIALS_KEY alone. */
  static fromKey(base64Key: string, version = 1): CredentialsCipher {
    return new CredentialsCipher({ currentVersion: version, keys: { [version]: base64Key } });
  }

  encrypt(plaintext: string, teamId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keys.get(this.currentVersion)!, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(teamId));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `v${this.currentVersion}.${iv.toString('base64url')}.${ciphertext.toString('base64url')}.${tag.toString('base64url')}`;
  }

  /** Throws CredentialsDecryptError for a changed byte, another team id, an unknown version or a malformed value. */
  decrypt(stored: string, teamId: string): string {
    const parts = STORED_FORM.exec(stored);
    if (!parts) throw new CredentialsDecryptError('Stored SkySlope credentials are malformed');
    const key = this.keys.get(Number(parts[1]));
    if (!key) throw new CredentialsDecryptError(`No key of version ${parts[1]} for stored SkySlope credentials`);
    const iv = Buffer.from(parts[2], 'base64url');
    const ciphertext = Buffer.from(parts[3], 'base64url');
    const tag = Buffer.from(parts[4], 'base64url');
    // base64url decoding is lenient: a changed character in the unused low bits of the last one would
    // decode to the same bytes, so the text must be exactly what those bytes encode to.
    if (iv.toString('base64url') !== parts[2] || ciphertext.toString('base64url') !== parts[3] || tag.toString('base64url') !== parts[4]) {
      throw new CredentialsDecryptError('Stored SkySlope credentials are malformed');
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(teamId));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new CredentialsDecryptError();
    }
  }

  /** Version of the key that wrote `stored`, or null when it is not in the stored form (for re-encryption after rotation). */
  static versionOf(stored: string): number | null {
    const parts = STORED_FORM.exec(stored);
    return parts ? Number(parts[1]) : null;
  }

  needsReencryption(stored: string): boolean {
    return CredentialsCipher.versionOf(stored) !== this.currentVersion;
  }
}

function aad(teamId: string): Buffer {
  if (!teamId) throw new Error('A team id is required');
  return Buffer.from(teamId, 'utf8');
}
