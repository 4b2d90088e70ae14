import { FeatureModule } from '@sports/common';
import { CATALOG_CONTROLLERS } from './catalogs.controller';
import { CatalogsRepository } from './catalogs.repository';
import { CatalogsService } from './catalogs.service';

/**
 * Module `catalogs`: focus areas, style directions with their training styles (hierarchy),
 * training types, target groups (age range; many-to-many with style directions), age groups,
 * skill categories and training characters. Platform admins write, everybody signed in reads.
 */
@FeatureModule({
  name: 'catalogs',
  version: '1.5.0',
  controllers: CATALOG_CONTROLLERS,
  providers: [CatalogsRepository, CatalogsService],
  exports: [CatalogsService],
})
export class CatalogsModule {}
