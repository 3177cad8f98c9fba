import { CredentialsCipher, CredentialsDecryptError, CredentialsKeyError, generateCredentialsKey } from './credentials-cipher';

describe(CredentialsCipher.name, () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  const teamId = '11111111-1111-4111-8111-111111111111';
  const otherTeamId = '22222222-2222-4222-8222-222222222222';

  it('decrypts what it encrypted for the same team', () => {
    const sut = CredentialsCipher.fromKey(key);

    const stored = sut.encrypt('my-access-secret', teamId);

    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('my-access-secret');
    expect(sut.decrypt(stored, teamId)).toBe('my-access-secret');
  });

  it('uses a fresh IV for each encryption', () => {
    const sut = CredentialsCipher.fromKey(key);

    const first = sut.encrypt('same', teamId);
    const second = sut.encrypt('same', teamId);

    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(first).not.toBe(second);
    expect(Buffer.from(first.split('.')[1], 'base64url')).toHaveLength(12);
  });

  it('refuses another team id', () => {
    const sut = CredentialsCipher.fromKey(key);
    const stored = sut.encrypt('my-access-secret', teamId);

    expect(() => sut.decrypt(stored, otherTeamId)).toThrow(CredentialsDecryptError);
  });

  it('refuses any changed byte of the IV, ciphertext or tag', () => {
    const sut = CredentialsCipher.fromKey(key);
    const stored = sut.encrypt('my-access-secret', teamId);
    const [version, ...parts] = stored.split('.');

    for (let part = 0; part < parts.length; part += 1) {
      const bytes = Buffer.from(parts[part], 'base64url');
      for (let index = 0; index < bytes.length; index += 1) {
        const changed = Buffer.from(bytes);
        changed[index] ^= 0x01;
        const tampered = [version, ...parts.map((text, i) => (i === part ? changed.toString('base64url') : text))].join('.');
        expect(() => sut.decrypt(tampered, teamId)).toThrow(CredentialsDecryptError);
      }
    }
  });

  it('refuses a changed character of the stored text', () => {
    const sut = CredentialsCipher.fromKey(key);
    const stored = sut.encrypt('my-access-secret', teamId);
    const last = stored.at(-1) === 'A' ? 'B' : 'A';

    expect(() => sut.decrypt(stored.slice(0, -1) + last, teamId)).toThrow(CredentialsDecryptError);
    expect(() => sut.decrypt(`v2${stored.slice(2)}`, teamId)).toThrow(CredentialsDecryptError);
  });

  it('decrypts rows of an older key version after rotation and writes with the current one', () => {
    const oldKey = generateCredentialsKey();
    const stored = CredentialsCipher.fromKey(oldKey, 1).encrypt('secret', teamId);
    const sut = new CredentialsCipher({ currentVersion: 2, keys: { 1: oldKey, 2: key } });

    expect(sut.decrypt(stored, teamId)).toBe('secret');
    expect(sut.needsReencryption(stored)).toBe(true);
    expect(sut.encrypt('secret', teamId)).toMatch(/^v2\./);
  });

  it('refuses a key that is not 32 bytes of base64', () => {
    expect(() => CredentialsCipher.fromKey(Buffer.alloc(16).toString('base64'))).toThrow(CredentialsKeyError);
    expect(() => CredentialsCipher.fromKey('not base64 !')).toThrow(CredentialsKeyError);
  });
});
