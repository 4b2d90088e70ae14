import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import { ClubMembershipsModule } from '../club-memberships/club-memberships.module';
import { ClubsModule } from '../clubs/clubs.module';
import { ClubJoinRequest } from './club-join-request.entity';
import { ClubJoinRequestsController } from './club-join-requests.controller';
import { ClubJoinRequestsRepository } from './club-join-requests.repository';
import { ClubJoinRequestsService } from './club-join-requests.service';

/** Module `club_join_requests`: apply to a club; club admins accept or reject. */
@FeatureModule({
  name: 'club_join_requests',
  version: '1.0.1',
  imports: [TypeOrmModule.forFeature([ClubJoinRequest]), ClubMembershipsModule, ClubsModule],
  controllers: [ClubJoinRequestsController],
  providers: [ClubJoinRequestsRepository, ClubJoinRequestsService],
})
export class ClubJoinRequestsModule {}
