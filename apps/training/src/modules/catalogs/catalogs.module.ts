import { FeatureModule } from '@sports/common';

/** Module `catalogs` of the version table. Its endpoints and rules are built in issue #4. */
@FeatureModule({ name: 'catalogs', version: '1.5.0' })
export class CatalogsModule {}
