import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import { ClubMembershipsModule } from '../club-memberships/club-memberships.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { Club } from './club.entity';
import { ClubsController } from './clubs.controller';
import { ClubsRepository } from './clubs.repository';
import { ClubsService } from './clubs.service';

/** Module `clubs`: club CRUD and the public club directory. */
@FeatureModule({
  name: 'clubs',
  version: '0.4.1',
  imports: [TypeOrmModule.forFeature([Club]), ClubMembershipsModule, ProfilesModule],
  controllers: [ClubsController],
  providers: [ClubsRepository, ClubsService],
  exports: [ClubsService],
})
export class ClubsModule {}
