import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id with the library's current recommended cost (OWASP: m=64 MiB, t=3, p=4). */
@Injectable()
export class PasswordHasher {
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
}
