import { Injectable } from '@nestjs/common';
import { DomainError, ValidationFailedError } from '../errors';
import { LoginProtection } from './login-protection';
import { PasswordHasher } from './password-hasher';

/** The secret sent to confirm a sensitive change is not the account's current one. */
export class CurrentSecretInvalidError extends DomainError {
  constructor(field: string) {
    super(
      403,
      'CURRENT_SECRET_INVALID',
      'Current secret invalid',
      `${field} is not the account's current one; nothing was changed.`,
    );
  }
}

/**
 * Asks for the account's current password or PIN before a change that a stolen access token
 * must not be able to make (the secret, the e-mail, deleting the account). Checked under the
 * sign-in protection, so guessing it here counts like failed sign-ins (429 RATE_LIMITED).
 */
@Injectable()
export class CurrentSecretCheck {
  constructor(
    private readonly hasher: PasswordHasher,
    private readonly loginProtection: LoginProtection,
  ) {}

  /**
   * @param field the request field that carries the secret, e.g. `current_pin`
   * @param secret its value (undefined: 400 naming the field)
   * @param hash the account's stored hash
   */
  async confirm(
    who: { address: string | undefined; email: string },
    field: string,
    secret: string | undefined,
    hash: string | undefined,
  ): Promise<void> {
    if (secret === undefined) {
      throw new ValidationFailedError(`${field} is required for this change.`, [
        { path: field, message: `${field} is required for this change` },
      ]);
    }
    const confirmed = await this.loginProtection.attempt(
      { address: who.address, account: who.email },
      async () => ((await this.hasher.verifyOrFail(hash, secret)) ? true : null),
    );
    if (!confirmed) throw new CurrentSecretInvalidError(field);
  }
}
