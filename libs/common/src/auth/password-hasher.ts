import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id with the library's current recommended cost (OWASP: m=64 MiB, t=3, p=4). */
@Injectable()
export class PasswordHasher {
  /** Checked against when an account is unknown, so both failures take the same time. */
  private dummyHash?: Promise<string>;

  hash(secret: string): Promise<string> {
    return argon2.hash(secret, { type: argon2.argon2id });
  }

  async verify(hash: string, secret: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, secret);
    } catch {
      return false;
    }
  }

  /** Verifies `secret` against `hash`, or burns the same time and fails when there is none. */
  async verifyOrFail(hash: string | undefined, secret: string): Promise<boolean> {
    if (hash) return this.verify(hash, secret);
    this.dummyHash ??= this.hash('not-a-real-secret');
    await this.verify(await this.dummyHash, secret);
    return false;
  }
}
