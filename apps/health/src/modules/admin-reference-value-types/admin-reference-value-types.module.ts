import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule } from '@sports/common';
import {
  AdminReferenceValueTypesController,
  ReferenceValueTypesController,
} from './admin-reference-value-types.controller';
import { ReferenceValueType } from './reference-value-type.entity';
import { ReferenceValueTypesRepository } from './reference-value-types.repository';
import { ReferenceValueTypesService } from './reference-value-types.service';

/** Module `admin_reference_value_types`: kinds of baseline vital values, with unit and range. */
@FeatureModule({
  name: 'admin_reference_value_types',
  version: '1.0.0',
  imports: [TypeOrmModule.forFeature([ReferenceValueType])],
  controllers: [ReferenceValueTypesController, AdminReferenceValueTypesController],
  providers: [ReferenceValueTypesService, ReferenceValueTypesRepository],
  exports: [ReferenceValueTypesService],
})
export class AdminReferenceValueTypesModule {}
