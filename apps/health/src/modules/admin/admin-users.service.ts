import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  AuthTokensService,
  AuthUser,
  ConflictError,
  IfMatch,
  NotFoundError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import { FeaturesService } from '../membership/features.service';
import type { User, UserRole, UserTier } from '../profiles/user.entity';
import { toUserResponse, UserResponse } from '../profiles/user.response';
import { UsersService } from '../profiles/users.service';
import type {
  AdminUserDetailResponse,
  AdminUserListResponse,
  AdminUserQuery,
} from './dto/admin-users.dto';

/** Account administration: roles, activation, tiers and per-user feature overrides. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersService,
    private readonly features: FeaturesService,
    private readonly tokens: AuthTokensService,
  ) {}

  async list(query: AdminUserQuery): Promise<AdminUserListResponse> {
    const [items, total] = await this.users.list(query);
    return { items: items.map(toUserResponse), total, limit: query.limit, offset: query.offset };
  }

  async get(id: string): Promise<AdminUserDetailResponse> {
    return this.detail(await this.findOrFail(id));
  }

  /** With `ifMatch`, only the account version it names is changed (412 otherwise). */
  async setRole(
    actor: AuthUser,
    id: string,
    role: UserRole,
    ifMatch?: IfMatch,
  ): Promise<UserResponse> {
    const user = await this.findOrFail(id);
    assertIfMatch(ifMatch, user.rowVersion);
    if (actor.id === id && role !== 'admin') this.refuseSelfLockout('remove your own admin role');
    user.role = role;
    const saved = await this.users.save(user, ifMatch);
    return withEntityTag(toUserResponse(saved), saved.rowVersion);
  }

  /** Deactivation signs the account out everywhere: refresh tokens are revoked, and the
   * access guard re-reads `is_active` on every request. */
  async setActive(actor: AuthUser, id: string, active: boolean): Promise<UserResponse> {
    const user = await this.findOrFail(id);
    if (actor.id === id && !active) this.refuseSelfLockout('deactivate your own account');
    user.isActive = active;
    const saved = await this.users.save(user);
    if (!active) await this.tokens.revokeAllOf(id);
    return toUserResponse(saved);
  }

  /** With `ifMatch`, only the account version it names is changed (412 otherwise). */
  async setTier(id: string, tier: UserTier, ifMatch?: IfMatch): Promise<AdminUserDetailResponse> {
    const user = await this.findOrFail(id);
    assertIfMatch(ifMatch, user.rowVersion);
    user.tier = tier;
    return this.detail(await this.users.save(user, ifMatch));
  }

  /**
   * A feature override is part of the account: every write gives the account a new version,
   * and with `ifMatch` only the account version it names is changed (412 otherwise).
   */
  async setFeature(
    target: WriteTarget,
    feature: string,
    granted: boolean,
  ): Promise<AdminUserDetailResponse> {
    await this.findOrFail(target.id);
    await this.features.setOverride(target, feature, granted);
    return this.get(target.id);
  }

  /** As `setFeature`; 404 without an override, whatever `ifMatch` names. */
  async clearFeature(target: WriteTarget, feature: string): Promise<AdminUserDetailResponse> {
    await this.findOrFail(target.id);
    await this.features.clearOverride(target, feature);
    return this.get(target.id);
  }

  /** The account with its membership, carrying the account row's version as the ETag. */
  private async detail(user: User): Promise<AdminUserDetailResponse> {
    const membership = await this.features.membershipOf(user.id);
    return withEntityTag({ ...toUserResponse(user), membership }, user.rowVersion);
  }

  private async findOrFail(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundError('User', id);
    return user;
  }

  /** An admin cannot lock themselves out (and so cannot remove the last admin by accident). */
  private refuseSelfLockout(action: string): never {
    throw new ConflictError(`You cannot ${action}.`, 'ADMIN_SELF_LOCKOUT', {
      hint: 'Ask another administrator to do it.',
    });
  }
}
