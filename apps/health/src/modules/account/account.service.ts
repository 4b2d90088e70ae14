import { Injectable } from '@nestjs/common';
import {
  AuthTokensService,
  type AuthUser,
  ConflictError,
  CurrentSecretCheck,
  LoginProtection,
  NotFoundError,
  PasswordHasher,
} from '@sports/common';
import { PhotosService } from '../photos/photos.service';
import { UsersService } from '../profiles/users.service';
import type { ChangePasswordRequest, DeleteAccountRequest } from './dto/account.dto';

/**
 * What the owner of an account does to it with the current password in hand: change the
 * password (ending the other sessions) and delete the account with all its data.
 */
@Injectable()
export class AccountService {
  constructor(
    private readonly users: UsersService,
    private readonly photos: PhotosService,
    private readonly hasher: PasswordHasher,
    private readonly currentSecret: CurrentSecretCheck,
    private readonly loginProtection: LoginProtection,
    private readonly tokens: AuthTokensService,
  ) {}

  async changePassword(
    caller: AuthUser,
    input: ChangePasswordRequest,
    address: string | undefined,
  ): Promise<void> {
    const account = await this.confirmed(
      caller,
      address,
      'current_password',
      input.current_password,
    );
    await this.users.replaceSecretHash(caller.id, await this.hasher.hash(input.new_password));
    await this.loginProtection.forgetAccount(account.email);
    await this.tokens.revokeOtherSessions(caller.id, caller.sessionId);
  }

  /**
   * Deletes the account, every row of its data (ON DELETE CASCADE, sessions included) and,
   * once that has committed, its photo files. The last active admin cannot leave.
   */
  async deleteAccount(
    caller: AuthUser,
    input: DeleteAccountRequest,
    address: string | undefined,
  ): Promise<void> {
    await this.confirmed(caller, address, 'password', input.password);
    await this.photos.withAllFilesOf(caller.id, async (m) => {
      if (caller.role === 'admin' && (await this.users.otherActiveAdmins(m, caller.id)) === 0) {
        throw new ConflictError(
          'The last active admin cannot delete the account; make another account admin first.',
          'ADMIN_SELF_LOCKOUT',
        );
      }
      await this.users.delete(m, caller.id);
    });
  }

  private async confirmed(
    caller: AuthUser,
    address: string | undefined,
    field: string,
    secret: string,
  ): Promise<{ email: string }> {
    const account = await this.users.findSecretById(caller.id);
    if (!account) throw new NotFoundError('Account', caller.id);
    await this.currentSecret.confirm(
      { address, email: account.email },
      field,
      secret,
      account.passwordHash,
    );
    return account;
  }
}
