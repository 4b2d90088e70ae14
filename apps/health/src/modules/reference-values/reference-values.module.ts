import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule, PreparedReads } from '@sports/common';
import { AdminReferenceValueTypesModule } from '../admin-reference-value-types/admin-reference-value-types.module';
import { ReferenceValue } from './reference-value.entity';
import { ReferenceValuesController } from './reference-values.controller';
import { ReferenceValuesRepository } from './reference-values.repository';
import { ReferenceValuesService } from './reference-values.service';

/** Module `reference_values`: baseline vital values, one per type and day, range-checked by type. */
@FeatureModule({
  name: 'reference_values',
  version: '1.3.0',
  imports: [TypeOrmModule.forFeature([ReferenceValue]), AdminReferenceValueTypesModule],
  controllers: [ReferenceValuesController],
  providers: [ReferenceValuesService, ReferenceValuesRepository, PreparedReads],
  exports: [ReferenceValuesRepository],
})
export class ReferenceValuesModule {}
