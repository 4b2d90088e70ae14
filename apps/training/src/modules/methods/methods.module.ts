import { FeatureModule } from '@sports/common';

/** Module `methods` of the version table. Its endpoints and rules are built in issue #4. */
@FeatureModule({ name: 'methods', version: '0.1.0' })
export class MethodsModule {}
