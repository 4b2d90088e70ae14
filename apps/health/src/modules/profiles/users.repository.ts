import {
  AuthUser,
  IfMatch,
  liveSessionSql,
  lockedWrite,
  NotFoundError,
  PreparedStatement,
  preparedRows,
} from '@sports/common';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { User, UserRole } from './user.entity';
import type { UserSummary } from './user.response';

/** The statement behind `findAuthState` ($1 account id, $2 session id or null). */
const AUTH_STATE: PreparedStatement = {
  name: 'users.auth_state',
  text: `SELECT u.id, u.email, u.role FROM users u
    WHERE u.id = $1 AND u.is_active AND ${liveSessionSql('u.id', '$2')}`,
};

/**
 * The statement behind `findSignInCandidate` ($1 e-mail, any case; index users_email_key): the
 * columns of the sign-in answer and the hash, as typed rows (no entity hydration).
 */
const SIGN_IN_CANDIDATE: PreparedStatement = {
  name: 'users.sign_in_candidate',
  text: `SELECT id, email, display_name AS "displayName", role, tier, is_active AS "isActive",
      created_at AS "createdAt", password_hash AS "passwordHash"
    FROM users WHERE lower(email) = lower($1)`,
};

/** The only place with queries on `users`. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /**
   * What authenticates a request, in one prepared statement: the active account's id, e-mail and
   * role, and (with `sessionId`) only while that session is live.
   */
  async findAuthState(id: string, sessionId?: string): Promise<AuthUser | null> {
    const [row] = await preparedRows<AuthUser>(this.users.manager.connection, AUTH_STATE, [
      id,
      sessionId ?? null,
    ]);
    return row ?? null;
  }

  /** The e-mail and password hash of an account, to confirm its current password. */
  async findSecretById(id: string): Promise<{ email: string; passwordHash: string } | null> {
    const rows = (await this.users.query(
      'SELECT email, password_hash AS "passwordHash" FROM users WHERE id = $1',
      [id],
    )) as { email: string; passwordHash: string }[];
    return rows[0] ?? null;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.users.query(
      'UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1',
      [id, passwordHash],
    );
  }

  /** Active admins other than `id`, counted under a lock of their rows. */
  async otherActiveAdmins(m: EntityManager, id: string): Promise<number> {
    const rows = (await m.query(
      `SELECT id FROM users WHERE role = 'admin' AND is_active AND id <> $1 FOR UPDATE`,
      [id],
    )) as unknown[];
    return rows.length;
  }

  /** Deletes the account; every row of its data goes with it (ON DELETE CASCADE). */
  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query('DELETE FROM users WHERE id = $1', [id]);
  }

  /** The account with this e-mail and its password hash, for sign-in only. */
  async findSignInCandidate(
    email: string,
  ): Promise<(UserSummary & { passwordHash: string }) | null> {
    const [row] = await preparedRows<UserSummary & { passwordHash: string }>(
      this.users.manager.connection,
      SIGN_IN_CANDIDATE,
      [email],
    );
    return row ?? null;
  }

  emailTaken(email: string, manager: EntityManager): Promise<boolean> {
    return manager
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getExists();
  }

  /** Accounts matching `q` in email or display name, oldest first. */
  list(filter: { q?: string; limit: number; offset: number }): Promise<[User[], number]> {
    const qb = this.users.createQueryBuilder('u');
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where('(u.email ILIKE :like OR u.display_name ILIKE :like)', { like });
    }
    return qb
      .orderBy('u.created_at', 'ASC')
      .addOrderBy('u.id', 'ASC')
      .take(filter.limit)
      .skip(filter.offset)
      .getManyAndCount();
  }

  /**
   * Writes the changed columns of `user` and answers the stored row. With `ifMatch`, only the
   * version it names is written (row locked and checked in the write's transaction, 412
   * otherwise).
   */
  save(user: User, ifMatch?: IfMatch): Promise<User> {
    return lockedWrite(
      this.users.manager,
      { table: 'users', where: { id: user.id } },
      ifMatch,
      () => new NotFoundError('User', user.id),
      async (m) => {
        const users = m.getRepository(User);
        await users.save(user);
        return users.findOneByOrFail({ id: user.id });
      },
    );
  }

  count(manager: EntityManager): Promise<number> {
    return manager.getRepository(User).count();
  }

  async insert(
    manager: EntityManager,
    values: { email: string; passwordHash: string; displayName: string | null; role: UserRole },
  ): Promise<User> {
    const repo = manager.getRepository(User);
    const saved = await repo.save(repo.create({ ...values, tier: 'free', isActive: true }));
    return repo.findOneByOrFail({ id: saved.id });
  }
}
