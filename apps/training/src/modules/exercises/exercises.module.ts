import { FeatureModule } from '@sports/common';
import { MediaAssetsModule } from '../media-assets/media-assets.module';
import { MembershipModule } from '../membership/membership.module';
import { ExerciseSearchesRepository } from './exercise-searches.repository';
import { ExerciseSearchesService } from './exercise-searches.service';
import {
  ExerciseMediaController,
  ExerciseMediaUploadInterceptor,
} from './exercise-media.controller';
import { ExerciseMediaRepository } from './exercise-media.repository';
import { ExerciseMediaService } from './exercise-media.service';
import { ExerciseUsageRegistry } from './exercise-usage.registry';
import { ExerciseVariantsService } from './exercise-variants.service';
import { ExerciseSearchesController, ExercisesController } from './exercises.controller';
import { ExercisesRepository } from './exercises.repository';
import { ExercisesService } from './exercises.service';

/**
 * Module `exercises`: the exercise library (visibility, governance, catalog links, skills,
 * variants, search and filters, bulk metadata, media links and inline media) and saved
 * exercise searches. Exports the usage registry for plans, programs and progression graphs
 * (the visibility rule it shares with other content is in content-access).
 */
@FeatureModule({
  name: 'exercises',
  version: '2.19.1',
  imports: [MediaAssetsModule, MembershipModule],
  controllers: [ExercisesController, ExerciseSearchesController, ExerciseMediaController],
  providers: [
    ExerciseMediaRepository,
    ExerciseMediaService,
    ExerciseMediaUploadInterceptor,
    ExerciseUsageRegistry,
    ExercisesRepository,
    ExercisesService,
    ExerciseVariantsService,
    ExerciseSearchesRepository,
    ExerciseSearchesService,
  ],
  exports: [ExerciseUsageRegistry, ExercisesService],
})
export class ExercisesModule {}
