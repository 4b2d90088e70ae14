import { FeatureModule } from '@sports/common';

/** Module `photos` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'photos', version: '1.0.0' })
export class PhotosModule {}
