import { FeatureModule } from '@sports/common';
import { MatrixStackService } from './matrix-stack.service';
import { MaturityModelsController } from './maturity-models.controller';
import { MaturityModelsRepository } from './maturity-models.repository';
import { MaturityModelsService } from './maturity-models.service';

/**
 * Module `maturity_models`: models with levels 1–5, model skills, skill level descriptions,
 * context bindings, resolve, per-model JSON export/import and the matrix stack
 * (`service.matrix_stack.v1`, served by module `admin`).
 */
@FeatureModule({
  name: 'maturity_models',
  version: '1.4.0',
  controllers: [MaturityModelsController],
  providers: [MaturityModelsRepository, MaturityModelsService, MatrixStackService],
  exports: [MatrixStackService],
})
export class MaturityModelsModule {}
