import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule, PreparedReads } from '@sports/common';
import { CircumferenceController } from './circumference.controller';
import { CircumferenceEntry } from './circumference-entry.entity';
import { CircumferenceRepository } from './circumference.repository';
import { CircumferenceService } from './circumference.service';

/** Module `circumference`: girths per site, one per user, day and site, owner-only CRUD. */
@FeatureModule({
  name: 'circumference',
  version: '1.0.1',
  imports: [TypeOrmModule.forFeature([CircumferenceEntry])],
  controllers: [CircumferenceController],
  providers: [CircumferenceRepository, CircumferenceService, PreparedReads],
  exports: [CircumferenceService],
})
export class CircumferenceModule {}
