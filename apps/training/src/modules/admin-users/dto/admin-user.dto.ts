import { ApiProperty } from '@nestjs/swagger';
import { ProfileClubResponse } from '../../profiles/dto/profile.dto';
import { ProfileResponse } from '../../profiles/profile.response';

export { ListProfilesQuery as ListAdminUsersQuery } from '../../profiles/dto/profile.dto';

/** A profile as the user administration shows it: with every club and the roles held there. */
export class AdminUserResponse extends ProfileResponse {
  @ApiProperty({ type: [ProfileClubResponse] }) clubs!: ProfileClubResponse[];
}

export class AdminUserListResponse {
  @ApiProperty({ type: [AdminUserResponse] }) items!: AdminUserResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
