import { Injectable } from '@nestjs/common';
import { ClubMembershipsService } from '../club-memberships/club-memberships.service';
import { toProfileResponse } from '../profiles/profile.response';
import { ProfilesRepository } from '../profiles/profiles.repository';
import type { AdminUserListResponse, ListAdminUsersQuery } from './dto/admin-user.dto';

/** The platform's user administration: every profile with its clubs. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly memberships: ClubMembershipsService,
  ) {}

  async list(query: ListAdminUsersQuery): Promise<AdminUserListResponse> {
    const { items, total } = await this.profiles.list(query);
    const clubs = await this.memberships.clubsOfProfiles(items.map((p) => p.id));
    return {
      items: items.map((p) => ({
        ...toProfileResponse(p),
        clubs: (clubs.get(p.id) ?? []).map((c) => ({
          id: c.id,
          name: c.name,
          roles: [...c.roles],
        })),
      })),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }
}
