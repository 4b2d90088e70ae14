import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule, PreparedReads } from '@sports/common';
import { ProfilesModule } from '../profiles/profiles.module';
import { CaliperController } from './caliper.controller';
import { CaliperEntry } from './caliper-entry.entity';
import { CaliperRepository } from './caliper.repository';
import { CaliperService } from './caliper.service';

/** Module `caliper`: skinfold measurements with body fat by JP3, JP7 or DW4 + Siri. */
@FeatureModule({
  name: 'caliper',
  version: '1.0.1',
  imports: [TypeOrmModule.forFeature([CaliperEntry]), ProfilesModule],
  controllers: [CaliperController],
  providers: [CaliperRepository, CaliperService, PreparedReads],
  exports: [CaliperService],
})
export class CaliperModule {}
