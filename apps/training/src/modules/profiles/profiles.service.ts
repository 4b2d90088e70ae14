import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  AuthTokensService,
  CurrentSecretCheck,
  AuthUser,
  ConflictError,
  ForbiddenError,
  LoginProtection,
  mapUniqueViolations,
  NewAccount,
  NotFoundError,
  PasswordHasher,
  SignInAccount,
  UnprocessableError,
  ValidationFailedError,
  withEntityTag,
  WriteTarget,
} from '@sports/common';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { isAuthenticatedCaller } from '../tenant-context/caller-resolver.service';
import { TenantContextService } from '../tenant-context/tenant-context.service';
import {
  CreatedProfileResponse,
  CreateProfileRequest,
  ListProfilesQuery,
  OwnProfileResponse,
  ProfileListResponse,
  UpdateProfileRequest,
} from './dto/profile.dto';
import { validateExerciseListPrefs } from './exercise-list-prefs';
import { Profile, ProfileRole } from './profile.entity';
import { emailTaken, PROFILE_CONFLICTS } from './profiles.constraints';
import { ProfileResponse, ProfileSummary, toProfileResponse } from './profile.response';
import { ownProfileRowOf, ProfileChanges, ProfilesRepository } from './profiles.repository';

export function isPlatformAdminRole(role: string): boolean {
  return role === 'admin' || role === 'superadmin';
}

/**
 * Profile rules: who may read, create, change and delete which profile, and which fields.
 * The caller's clubs and the active-club rule come from the tenant context, the only module
 * this one imports; club modules build on this one.
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly hasher: PasswordHasher,
    private readonly dataSource: DataSource,
    private readonly tenants: TenantContextService,
    private readonly loginProtection: LoginProtection,
    private readonly currentSecret: CurrentSecretCheck,
    private readonly tokens: AuthTokensService,
  ) {}

  // ---- for other modules ----

  /** The profile, or null when there is none (read within `manager` when given). */
  findById(id: string, manager?: EntityManager): Promise<Profile | null> {
    return this.profiles.findById(id, manager);
  }

  // ---- HTTP ----

  async list(query: ListProfilesQuery): Promise<ProfileListResponse> {
    const { items, total } = await this.profiles.list(query);
    return {
      items: items.map(toProfileResponse),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async create(caller: AuthUser, input: CreateProfileRequest): Promise<CreatedProfileResponse> {
    const role = input.role ?? 'user';
    this.assertMayAssignRole(caller, role);
    const generated = input.pin === undefined;
    const pin = input.pin ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
    const pinHash = await this.hasher.hash(pin);
    const email = input.email.toLowerCase();
    const profile = await mapUniqueViolations(PROFILE_CONFLICTS, () =>
      this.dataSource.transaction(async (m) => {
        await this.assertEmailFree(email, m);
        return this.profiles.insert(m, {
          name: input.name,
          email,
          pinHash,
          role,
          tier: input.tier ?? 'free',
        });
      }),
    );
    return withEntityTag(
      { ...toProfileResponse(profile), ...(generated ? { initial_pin: pin } : {}) },
      profile.rowVersion,
    );
  }

  /**
   * The caller's profile, clubs and effective club, all from the statement that authenticated
   * the request (the route reads `OWN_PROFILE_COLUMNS` with the auth state).
   */
  async me(caller: AuthUser, headerClubId: string | undefined): Promise<OwnProfileResponse> {
    const row = isAuthenticatedCaller(caller) && ownProfileRowOf(caller);
    if (!row) throw new Error('GET /api/profiles/me reads OWN_PROFILE_COLUMNS with the caller');
    const tenant = await this.tenants.describe(row.id, row.role, headerClubId, caller);
    const { row_version: version, ...profile } = row;
    return withEntityTag(
      {
        ...profile,
        clubs: tenant.clubs.map((c) => ({ id: c.id, name: c.name, roles: [...c.roles] })),
        effective_club_id: tenant.effective_club_id,
      },
      version,
    );
  }

  async get(caller: AuthUser, id: string): Promise<ProfileResponse> {
    this.assertOwnerOrAdmin(caller, id);
    const profile = await this.profiles.findById(id);
    if (!profile) throw new NotFoundError('Profile', id);
    return respond(profile);
  }

  /**
   * The owner changing their own PIN or e-mail confirms the current PIN, and their other
   * sessions end; a platform admin setting another profile's PIN (a reset) ends all of its
   * sessions. With If-Match, only the version it names is changed: checked on the profile row
   * locked for the change (412 otherwise, nothing written).
   */
  async update(
    caller: AuthUser,
    { id, ifMatch }: WriteTarget,
    input: UpdateProfileRequest,
    address?: string,
  ): Promise<ProfileResponse> {
    this.assertOwnerOrAdmin(caller, id);
    const own = caller.id === id;
    const secretChange = own ? await this.confirmOwnSecretChange(id, input, address) : false;
    const callerIsAdmin = isPlatformAdminRole(caller.role);
    if ((input.role !== undefined || input.tier !== undefined) && !callerIsAdmin) {
      throw new ForbiddenError(
        'Only platform admins change role or tier.',
        'ROLE_CHANGE_FORBIDDEN',
      );
    }
    if (input.role !== undefined) this.assertMayAssignRole(caller, input.role);
    if (input.exercise_list_prefs !== undefined) {
      const errors = validateExerciseListPrefs(input.exercise_list_prefs);
      if (errors.length) {
        throw new ValidationFailedError('exercise_list_prefs is not a valid filter set.', errors);
      }
    }
    const pinHash = input.pin !== undefined ? await this.hasher.hash(input.pin) : undefined;

    let previousEmail = '';
    const updated = await mapUniqueViolations(PROFILE_CONFLICTS, () =>
      this.dataSource.transaction(async (m) => {
        const target = await this.profiles.findForUpdate(m, id);
        if (!target) throw new NotFoundError('Profile', id);
        this.assertMayChange(caller, target);
        assertIfMatch(ifMatch, target.rowVersion);
        const changes: ProfileChanges = {};
        if (input.name !== undefined) changes.name = input.name;
        if (input.email !== undefined) {
          const email = input.email.toLowerCase();
          if (email !== target.email.toLowerCase()) await this.assertEmailFree(email, m, id);
          changes.email = email;
        }
        if (pinHash !== undefined) changes.pinHash = pinHash;
        if (input.tier !== undefined) changes.tier = input.tier;
        if (input.role !== undefined && input.role !== target.role) {
          if (target.role === 'superadmin') await this.assertNotLastSuperadmin(m, target.id);
          changes.role = input.role;
        }
        if (input.active_club_id !== undefined) {
          if (input.active_club_id !== null) {
            await this.assertMayUseClub(target, input.active_club_id);
          }
          changes.activeClubId = input.active_club_id;
        }
        if (input.exercise_list_prefs !== undefined) {
          changes.exerciseListPrefs = input.exercise_list_prefs;
        }
        previousEmail = target.email;
        return this.profiles.update(m, id, changes);
      }),
    );
    // A new PIN ends the sign-in backoff of the account (under its old and its new email).
    if (pinHash !== undefined) {
      await this.loginProtection.forgetAccount(previousEmail);
      await this.loginProtection.forgetAccount(updated.email);
    }
    if (secretChange) await this.tokens.revokeOtherSessions(id, caller.sessionId);
    else if (!own && pinHash !== undefined) await this.tokens.revokeAllOf(id);
    return respond(updated);
  }

  /** Whether the owner changes the PIN or the e-mail; if so, the current PIN must confirm it. */
  private async confirmOwnSecretChange(
    id: string,
    input: UpdateProfileRequest,
    address: string | undefined,
  ): Promise<boolean> {
    const current = await this.profiles.findSecretById(id);
    if (!current) throw new NotFoundError('Profile', id);
    const emailChanges =
      input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase();
    if (input.pin === undefined && !emailChanges) return false;
    await this.currentSecret.confirm(
      { address, email: current.email },
      'current_pin',
      input.current_pin,
      current.pinHash,
    );
    return true;
  }

  /** With If-Match, only the version it names is deleted (checked on the locked row). */
  async delete(caller: AuthUser, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const target = await this.profiles.findForUpdate(m, id);
      if (!target) throw new NotFoundError('Profile', id);
      this.assertMayChange(caller, target);
      assertIfMatch(ifMatch, target.rowVersion);
      if (target.role === 'superadmin') await this.assertNotLastSuperadmin(m, target.id);
      await this.profiles.delete(m, id);
    });
  }

  // ---- rules ----

  /** Reads and writes of a profile: its owner or a platform admin (403 before any lookup). */
  private assertOwnerOrAdmin(caller: AuthUser, id: string): void {
    if (caller.id !== id && !isPlatformAdminRole(caller.role)) {
      throw new ForbiddenError('You may only access your own profile.');
    }
  }

  /** A superadmin's profile is changed or deleted only by a superadmin (or by its owner). */
  private assertMayChange(caller: AuthUser, target: Profile): void {
    if (target.role === 'superadmin' && caller.role !== 'superadmin' && caller.id !== target.id) {
      throw new ForbiddenError(
        'Only a superadmin may change or delete a superadmin.',
        'SUPERADMIN_REQUIRED',
      );
    }
  }

  private assertMayAssignRole(caller: AuthUser, role: ProfileRole): void {
    if (role === 'superadmin' && caller.role !== 'superadmin') {
      throw new ForbiddenError(
        'Only a superadmin may assign the role superadmin.',
        'SUPERADMIN_REQUIRED',
      );
    }
  }

  /** The platform keeps at least one superadmin. */
  private async assertNotLastSuperadmin(m: EntityManager, targetId: string): Promise<void> {
    const ids = await this.profiles.lockSuperadmins(m);
    if (ids.length <= 1 && ids.includes(targetId)) {
      throw new ConflictError(
        'This is the last superadmin; appoint another one first.',
        'LAST_SUPERADMIN',
      );
    }
  }

  /**
   * The active club must be a club the profile belongs to; a platform admin may pick any
   * existing club (the tenant context accepts that for platform admins).
   */
  private async assertMayUseClub(target: Profile, clubId: string): Promise<void> {
    if (await this.tenants.mayActIn(target.id, target.role, clubId)) return;
    throw new UnprocessableError(
      'active_club_id must name a club this profile is a member of.',
      'ACTIVE_CLUB_NOT_A_MEMBERSHIP',
      { errors: [{ path: 'active_club_id', message: 'not a club of this profile' }] },
    );
  }

  private async assertEmailFree(email: string, m: EntityManager, exceptId?: string): Promise<void> {
    if (await this.profiles.emailTaken(email, m, exceptId)) throw emailTaken();
  }

  // ---- the account store of the auth module's sign-up and sign-in (libs/common AccountStore) ----

  countAccounts(manager: EntityManager): Promise<number> {
    return this.profiles.count(manager);
  }

  /** A signed-up profile in the sign-up transaction; 409 EMAIL_TAKEN when the email is in use. */
  createAccount(manager: EntityManager, account: NewAccount<{ name: string }>): Promise<Profile> {
    return mapUniqueViolations(PROFILE_CONFLICTS, async () => {
      await this.assertEmailFree(account.email, manager);
      return this.profiles.insert(manager, {
        name: account.name,
        email: account.email,
        pinHash: account.secretHash,
        role: account.admin ? 'superadmin' : 'user',
      });
    });
  }

  /** The profile with this email, with its PIN hash. */
  async findSignInAccount(email: string): Promise<SignInAccount<ProfileSummary> | null> {
    const profile = await this.profiles.findSignInCandidate(email);
    if (!profile) return null;
    const { pinHash, ...account } = profile;
    return { account, secretHash: pinHash };
  }

  replaceSecretHash(id: string, secretHash: string): Promise<void> {
    return this.profiles.setPinHash(id, secretHash);
  }
}

const respond = (profile: Profile): ProfileResponse =>
  withEntityTag(toProfileResponse(profile), profile.rowVersion);
