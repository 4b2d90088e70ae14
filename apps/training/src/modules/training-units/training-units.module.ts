import { FeatureModule } from '@sports/common';
import { ClubMembershipsModule } from '../club-memberships/club-memberships.module';
import { GroupsModule } from '../groups/groups.module';
import { PlanningModule } from '../planning/planning.module';
import { TrainingUnitsController } from './training-units.controller';
import { TrainingUnitsRepository } from './training-units.repository';
import { TrainingUnitsService } from './training-units.service';

/**
 * Module `training_units`: training units of a club with lead and assistant trainers, sections
 * (shared with plan templates through module `planning`), media links and copies of framework
 * slot blueprints.
 */
@FeatureModule({
  name: 'training_units',
  version: '0.2.0',
  imports: [PlanningModule, GroupsModule, ClubMembershipsModule],
  controllers: [TrainingUnitsController],
  providers: [TrainingUnitsRepository, TrainingUnitsService],
  exports: [TrainingUnitsService],
})
export class TrainingUnitsModule {}
