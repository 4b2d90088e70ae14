import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import { ProfilesModule } from '../profiles/profiles.module';
import { ClubMember } from './club-member.entity';
import { ClubMembershipsController } from './club-memberships.controller';
import { ClubMembershipsRepository } from './club-memberships.repository';
import { ClubMembershipsService } from './club-memberships.service';

/** Module `club_memberships`: who belongs to which club with which member roles. */
@FeatureModule({
  name: 'club_memberships',
  version: '1.0.1',
  imports: [TypeOrmModule.forFeature([ClubMember]), ProfilesModule],
  controllers: [ClubMembershipsController],
  providers: [ClubMembershipsRepository, ClubMembershipsService],
  exports: [ClubMembershipsService],
})
export class ClubMembershipsModule {}
