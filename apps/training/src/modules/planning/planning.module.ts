import { FeatureModule } from '@sports/common';
import { ExercisesModule } from '../exercises/exercises.module';
import { GroupsModule } from '../groups/groups.module';
import { ExerciseRefsRepository } from './exercise-refs.repository';
import { ExerciseRefsService } from './exercise-refs.service';
import { FrameworkProgramsController } from './framework-programs/framework-programs.controller';
import { FrameworkProgramsRepository } from './framework-programs/framework-programs.repository';
import { FrameworkProgramsService } from './framework-programs/framework-programs.service';
import { LibraryContentRepository } from './library-content.repository';
import { LibraryContentService } from './library-content.service';
import { PlanSectionsRepository } from './plan-sections.repository';
import { PlanSectionsService } from './plan-sections.service';
import { PlanTemplatesController } from './plan-templates/plan-templates.controller';
import { PlanTemplatesService } from './plan-templates/plan-templates.service';
import { ProgressionGraphsController } from './progression-graphs/progression-graphs.controller';
import { ProgressionGraphsRepository } from './progression-graphs/progression-graphs.repository';
import { ProgressionGraphsService } from './progression-graphs/progression-graphs.service';
import { TrainerContextsController } from './trainer-contexts/trainer-contexts.controller';
import { TrainerContextsRepository } from './trainer-contexts/trainer-contexts.repository';
import { TrainerContextsService } from './trainer-contexts/trainer-contexts.service';

/**
 * Module `planning`: what plan templates, framework programs and training units share
 * (sections, items, the plan visibility check, exercise references) plus the library planning
 * content itself: training plan templates, framework programs (slots with blueprint units),
 * exercise progression graphs and the trainers' private contexts. Training units live in
 * module `training_units`, which uses the exported section services.
 */
@FeatureModule({
  name: 'planning',
  version: '0.8.1',
  imports: [ExercisesModule, GroupsModule],
  controllers: [
    PlanTemplatesController,
    FrameworkProgramsController,
    ProgressionGraphsController,
    TrainerContextsController,
  ],
  providers: [
    ExerciseRefsRepository,
    ExerciseRefsService,
    LibraryContentRepository,
    LibraryContentService,
    PlanSectionsRepository,
    PlanSectionsService,
    PlanTemplatesService,
    FrameworkProgramsRepository,
    FrameworkProgramsService,
    ProgressionGraphsRepository,
    ProgressionGraphsService,
    TrainerContextsRepository,
    TrainerContextsService,
  ],
  exports: [
    ExerciseRefsService,
    LibraryContentService,
    PlanSectionsService,
    FrameworkProgramsService,
  ],
})
export class PlanningModule {}
