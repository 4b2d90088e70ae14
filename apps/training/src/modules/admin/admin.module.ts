import { FeatureModule } from '@sports/common';
import { MaturityModelsModule } from '../maturity-models/maturity-models.module';
import { MatrixStackController } from './matrix-stack.controller';

/** Module `admin`: platform administration endpoints; GET/POST /api/admin/matrix-stack. */
@FeatureModule({
  name: 'admin',
  version: '1.0.0',
  imports: [MaturityModelsModule],
  controllers: [MatrixStackController],
})
export class AdminModule {}
