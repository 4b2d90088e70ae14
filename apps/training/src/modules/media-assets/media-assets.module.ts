import { FeatureModule } from '@sports/common';

/** Module `media_assets` of the version table. Its endpoints and rules are built in issue #5. */
@FeatureModule({ name: 'media_assets', version: '1.12.1' })
export class MediaAssetsModule {}
