import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  isoTimestamp,
  NotFoundError,
  PreparedStatement,
  preparedRows,
  rowVersionColumn,
  updateChangedColumns,
} from '@sports/common';
import { EntityManager, Repository } from 'typeorm';
import type { CallerColumns } from '../tenant-context/caller-columns';
import type { AuthenticatedCaller } from '../tenant-context/caller-resolver.service';
import { Profile, ProfileRole, ProfileTier } from './profile.entity';
import type { ProfileSummary } from './profile.response';

export interface ProfileChanges {
  name?: string;
  email?: string;
  pinHash?: string;
  role?: ProfileRole;
  tier?: ProfileTier;
  activeClubId?: string | null;
  exerciseListPrefs?: Record<string, unknown>;
}

/**
 * A profile in its wire form, read as a typed row: timestamps already as ISO text with
 * milliseconds and `Z` (what `Date.toISOString()` gave), `row_version` for the ETag.
 */
export interface ProfileRow {
  id: string;
  name: string;
  email: string;
  role: ProfileRole;
  tier: ProfileTier;
  active_club_id: string | null;
  exercise_list_prefs: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  row_version: string;
}

/**
 * The rest of the caller's own profile row, read by the caller resolver in the statement that
 * authenticates `GET /api/profiles/me` (`@ReadWithAuthState`); id, e-mail and role are the
 * caller's own columns.
 */
export const OWN_PROFILE_COLUMNS: CallerColumns = {
  key: 'own_profile',
  select: `p.name, p.tier, p.active_club_id, p.exercise_list_prefs,
    ${isoTimestamp('p.created_at')} AS created_at, ${isoTimestamp('p.updated_at')} AS updated_at,
    ${rowVersionColumn('p')}`,
};

/** The caller's profile row as read with `OWN_PROFILE_COLUMNS`; undefined without them. */
export function ownProfileRowOf(caller: AuthenticatedCaller): ProfileRow | undefined {
  if (caller.columns?.key !== OWN_PROFILE_COLUMNS.key) return undefined;
  const row = caller.columns.values as Omit<ProfileRow, 'id' | 'email' | 'role'>;
  return {
    id: caller.id,
    name: row.name,
    email: caller.email,
    role: caller.role as ProfileRole,
    tier: row.tier,
    active_club_id: row.active_club_id,
    exercise_list_prefs: row.exercise_list_prefs,
    created_at: row.created_at,
    updated_at: row.updated_at,
    row_version: row.row_version,
  };
}

/**
 * The statement behind `findSignInCandidate` ($1 e-mail, any case; index profiles_email_key):
 * the columns of the sign-in answer and the PIN hash, as typed rows (no entity hydration).
 */
const SIGN_IN_CANDIDATE: PreparedStatement = {
  name: 'profiles.sign_in_candidate',
  text: `SELECT id, name, email, role, tier, active_club_id AS "activeClubId",
      exercise_list_prefs AS "exerciseListPrefs", created_at AS "createdAt",
      updated_at AS "updatedAt", pin_hash AS "pinHash"
    FROM profiles WHERE lower(email) = lower($1)`,
};

/** The only place with queries on `profiles`. */
@Injectable()
export class ProfilesRepository {
  constructor(@InjectRepository(Profile) private readonly profiles: Repository<Profile>) {}

  findById(id: string, manager?: EntityManager): Promise<Profile | null> {
    return (manager?.getRepository(Profile) ?? this.profiles).findOneBy({ id });
  }

  /** The e-mail and PIN hash of a profile, to confirm its current PIN. */
  async findSecretById(id: string): Promise<{ email: string; pinHash: string } | null> {
    const rows = (await this.profiles.query(
      'SELECT email, pin_hash AS "pinHash" FROM profiles WHERE id = $1',
      [id],
    )) as { email: string; pinHash: string }[];
    return rows[0] ?? null;
  }

  async setPinHash(id: string, pinHash: string): Promise<void> {
    await this.profiles.query('UPDATE profiles SET pin_hash = $2 WHERE id = $1', [id, pinHash]);
  }

  /** The profile with this e-mail and its PIN hash, for sign-in only. */
  async findSignInCandidate(email: string): Promise<(ProfileSummary & { pinHash: string }) | null> {
    const [row] = await preparedRows<ProfileSummary & { pinHash: string }>(
      this.profiles.manager.connection,
      SIGN_IN_CANDIDATE,
      [email],
    );
    return row ?? null;
  }

  async emailTaken(email: string, manager: EntityManager, exceptId?: string): Promise<boolean> {
    const qb = manager
      .getRepository(Profile)
      .createQueryBuilder('p')
      .where('lower(p.email) = lower(:email)', { email });
    if (exceptId) qb.andWhere('p.id <> :exceptId', { exceptId });
    return qb.getExists();
  }

  count(manager: EntityManager): Promise<number> {
    return manager.getRepository(Profile).count();
  }

  countByRole(role: ProfileRole, manager: EntityManager): Promise<number> {
    return manager.getRepository(Profile).countBy({ role });
  }

  /** A page of profiles ordered by name, optionally filtered by a substring of name or email. */
  async list(options: {
    limit: number;
    offset: number;
    search?: string;
  }): Promise<{ items: Profile[]; total: number }> {
    const qb = this.profiles.createQueryBuilder('p');
    if (options.search) {
      const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where('(p.name ILIKE :pattern OR p.email ILIKE :pattern)', { pattern });
    }
    const [items, total] = await qb
      .orderBy('lower(p.name)', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .limit(options.limit)
      .offset(options.offset)
      .getManyAndCount();
    return { items, total };
  }

  async insert(
    manager: EntityManager,
    values: {
      name: string;
      email: string;
      pinHash: string;
      role: ProfileRole;
      tier?: ProfileTier;
    },
  ): Promise<Profile> {
    const repo = manager.getRepository(Profile);
    const saved = await repo.save(
      repo.create({ ...values, tier: values.tier ?? 'free', exerciseListPrefs: {} }),
    );
    return (await repo.findOneByOrFail({ id: saved.id })) as Profile;
  }

  /** Changes equal to the stored values are no write: the profile keeps its version. */
  async update(manager: EntityManager, id: string, changes: ProfileChanges): Promise<Profile> {
    const repo = manager.getRepository(Profile);
    await updateChangedColumns(
      repo,
      { id },
      changes as Partial<Profile>,
      () => new NotFoundError('Profile', id),
    );
    return repo.findOneByOrFail({ id });
  }

  /** Locks the row for the rest of the transaction and returns it. */
  findForUpdate(manager: EntityManager, id: string): Promise<Profile | null> {
    return manager
      .getRepository(Profile)
      .createQueryBuilder('p')
      .setLock('pessimistic_write')
      .where('p.id = :id', { id })
      .getOne();
  }

  /** Locks every superadmin row for the rest of the transaction and returns their ids. */
  async lockSuperadmins(manager: EntityManager): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT id FROM profiles WHERE role = 'superadmin' ORDER BY id FOR UPDATE`,
    );
    return rows.map((r) => r.id);
  }

  async delete(manager: EntityManager, id: string): Promise<boolean> {
    const result = await manager.getRepository(Profile).delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
