import { FeatureModule } from '@sports/common';

/** Module `platform_media_storage` of the version table. Its endpoints and rules are built in issue #3. */
@FeatureModule({ name: 'platform_media_storage', version: '1.0.0' })
export class PlatformMediaStorageModule {}
