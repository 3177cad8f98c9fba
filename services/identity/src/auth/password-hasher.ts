import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

// OWASP minimum for argon2id: m=19456 KiB, t=2, p=1.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  // Verifying an unknown email against this keeps sign-in timing the same whether the account exists.
  private readonly dummyHash = argon2.hash('not-a-real-password', OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.dummyHash), password);
    } catch {
      return false;
    }
  }
}
