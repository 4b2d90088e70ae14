import { FeatureModule } from '@sports/common';

/** Module `maturity_models` of the version table. Its endpoints and rules are built in issue #6. */
@FeatureModule({ name: 'maturity_models', version: '1.4.0' })
export class MaturityModelsModule {}
