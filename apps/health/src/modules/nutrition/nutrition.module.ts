import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule, PreparedReads } from '@sports/common';
import { NutritionController } from './nutrition.controller';
import { NutritionEntry } from './nutrition.entity';
import { NutritionRepository } from './nutrition.repository';
import { NutritionService } from './nutrition.service';

/** Module `nutrition` of the version table: entries per meal or day, aggregated per day. */
@FeatureModule({
  name: 'nutrition',
  version: '1.0.2',
  imports: [TypeOrmModule.forFeature([NutritionEntry])],
  controllers: [NutritionController],
  providers: [NutritionService, NutritionRepository, PreparedReads],
  exports: [NutritionRepository],
})
export class NutritionModule {}
