import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { AUTH_OPTIONS, type AuthOptions, type PasswordHashCost } from './auth-user';

/** OWASP Password Storage Cheat Sheet, argon2id: m = 19 MiB, t = 2, p = 1. */
export const OWASP_ARGON2ID: PasswordHashCost = { memoryKib: 19_456, timeCost: 2, parallelism: 1 };

/**
 * argon2id with a configurable cost (PASSWORD_HASH_*). argon2 runs on libuv's thread pool, so a
 * hash never blocks the event loop. A hash made with other parameters still verifies, and
 * `needsRehash` tells the sign-in flow to store a new one.
 */
@Injectable()
export class PasswordHasher {
  private readonly options: argon2.HashOptions & { type: typeof argon2.argon2id };
  /** Checked against when an account is unknown, so both failures take the same time. */
  private dummyHash?: Promise<string>;

  constructor(@Inject(AUTH_OPTIONS) auth: Pick<AuthOptions, 'passwordHashCost'>) {
    const cost = auth.passwordHashCost ?? OWASP_ARGON2ID;
    this.options = {
      type: argon2.argon2id,
      memoryCost: cost.memoryKib,
      timeCost: cost.timeCost,
      parallelism: cost.parallelism,
    };
  }

  hash(secret: string): Promise<string> {
    return argon2.hash(secret, this.options);
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

  /** True when `hash` was made with other parameters (or another algorithm) than today's. */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, this.options);
    } catch {
      return true;
    }
  }
}
