import { FeatureModule } from '@sports/common';
import { ContentVisibilityService } from './content-visibility';
import { ExerciseSearchesRepository } from './exercise-searches.repository';
import { ExerciseSearchesService } from './exercise-searches.service';
import { ExerciseUsageRegistry } from './exercise-usage.registry';
import { ExerciseVariantsService } from './exercise-variants.service';
import { ExerciseSearchesController, ExercisesController } from './exercises.controller';
import { ExercisesRepository } from './exercises.repository';
import { ExercisesService } from './exercises.service';

/**
 * Module `exercises`: the exercise library (visibility, governance, catalog links, skills,
 * variants, search and filters, bulk metadata) and saved exercise searches. Exports the common
 * visibility check and the usage registry for plans, programs and progression graphs.
 */
@FeatureModule({
  name: 'exercises',
  version: '2.19.1',
  controllers: [ExercisesController, ExerciseSearchesController],
  providers: [
    ContentVisibilityService,
    ExerciseUsageRegistry,
    ExercisesRepository,
    ExercisesService,
    ExerciseVariantsService,
    ExerciseSearchesRepository,
    ExerciseSearchesService,
  ],
  exports: [ContentVisibilityService, ExerciseUsageRegistry, ExercisesService],
})
export class ExercisesModule {}
