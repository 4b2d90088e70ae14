import { Module } from '@nestjs/common';
import { PreparedReads } from '@sports/common';
import { DataLayerRepository } from './data-layer.repository';
import { DataLayerService } from './data-layer.service';

/**
 * The shared data layer (docs/decisions/0012-health-data-layer.md): a plain module, not a versioned feature module. Charts,
 * stats, prompts and the analyst import it and read tracking data only through DataLayerService.
 */
@Module({
  providers: [DataLayerRepository, DataLayerService, PreparedReads],
  exports: [DataLayerService],
})
export class DataLayerModule {}
