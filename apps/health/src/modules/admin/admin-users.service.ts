import { Injectable } from '@nestjs/common';
import { AuthTokensService, AuthUser, ConflictError, NotFoundError } from '@sports/common';
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
    const user = await this.findOrFail(id);
    return { ...toUserResponse(user), membership: await this.features.membershipOf(id) };
  }

  async setRole(actor: AuthUser, id: string, role: UserRole): Promise<UserResponse> {
    const user = await this.findOrFail(id);
    if (actor.id === id && role !== 'admin') this.refuseSelfLockout('remove your own admin role');
    user.role = role;
    return toUserResponse(await this.users.save(user));
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

  async setTier(id: string, tier: UserTier): Promise<AdminUserDetailResponse> {
    const user = await this.findOrFail(id);
    user.tier = tier;
    await this.users.save(user);
    return this.get(id);
  }

  async setFeature(
    id: string,
    feature: string,
    granted: boolean,
  ): Promise<AdminUserDetailResponse> {
    await this.findOrFail(id);
    await this.features.setOverride(id, feature, granted);
    return this.get(id);
  }

  async clearFeature(id: string, feature: string): Promise<AdminUserDetailResponse> {
    await this.findOrFail(id);
    await this.features.clearOverride(id, feature);
    return this.get(id);
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
