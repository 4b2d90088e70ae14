import { FeatureModule } from '@sports/common';
import { MethodsController } from './methods.controller';
import { MethodsRepository } from './methods.repository';
import { MethodsService } from './methods.service';

/** Module `methods`: CRUD of training methods (Dauermethode, Intervallmethode, ...). */
@FeatureModule({
  name: 'methods',
  version: '0.1.0',
  controllers: [MethodsController],
  providers: [MethodsRepository, MethodsService],
})
export class MethodsModule {}
