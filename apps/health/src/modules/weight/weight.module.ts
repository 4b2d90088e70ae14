import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule, PreparedReads } from '@sports/common';
import { WeightController } from './weight.controller';
import { WeightEntry } from './weight-entry.entity';
import { WeightRepository } from './weight.repository';
import { WeightService } from './weight.service';

/** Module `weight`: one weighing per user and day, owner-only CRUD. */
@FeatureModule({
  name: 'weight',
  version: '1.0.3',
  imports: [TypeOrmModule.forFeature([WeightEntry])],
  controllers: [WeightController],
  providers: [WeightRepository, WeightService, PreparedReads],
  exports: [WeightService],
})
export class WeightModule {}
