import { Injectable } from '@nestjs/common';
import { ClubMembershipsService } from '../club-memberships/club-memberships.service';
import { ProfilesService } from '../profiles/profiles.service';
import type { AdminUserListResponse, ListAdminUsersQuery } from './dto/admin-user.dto';

/** The platform's user administration: every profile with its clubs. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly memberships: ClubMembershipsService,
  ) {}

  async list(query: ListAdminUsersQuery): Promise<AdminUserListResponse> {
    const page = await this.profiles.list(query);
    const clubs = await this.memberships.clubsOfProfiles(page.items.map((p) => p.id));
    return {
      ...page,
      items: page.items.map((p) => ({
        ...p,
        clubs: (clubs.get(p.id) ?? []).map((c) => ({
          id: c.id,
          name: c.name,
          roles: [...c.roles],
        })),
      })),
    };
  }
}
