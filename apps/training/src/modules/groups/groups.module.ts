import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import { ClubMembershipsModule } from '../club-memberships/club-memberships.module';
import { Group } from './group.entity';
import { GroupsController } from './groups.controller';
import { GroupsRepository } from './groups.repository';
import { GroupsService } from './groups.service';

/** Module `groups`: training groups of a club with their default trainers. */
@FeatureModule({
  name: 'groups',
  version: '0.1.0',
  imports: [TypeOrmModule.forFeature([Group]), ClubMembershipsModule],
  controllers: [GroupsController],
  providers: [GroupsRepository, GroupsService],
  exports: [GroupsService],
})
export class GroupsModule {}
