import { FeatureModule } from '@sports/common';
import { GroupsModule } from '../groups/groups.module';
import { TrainingUnitsModule } from '../training-units/training-units.module';
import { TrainingProgramsController } from './training-programs.controller';
import { TrainingProgramsRepository } from './training-programs.repository';
import { TrainingProgramsService } from './training-programs.service';

/** Module `training_programs`: multi-week programs of a club made of its training units. */
@FeatureModule({
  name: 'training_programs',
  version: '0.1.0',
  imports: [TrainingUnitsModule, GroupsModule],
  controllers: [TrainingProgramsController],
  providers: [TrainingProgramsRepository, TrainingProgramsService],
})
export class TrainingProgramsModule {}
