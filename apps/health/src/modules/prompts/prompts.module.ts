import { FeatureModule } from '@sports/common';

/** Module `prompts` of the version table. Its endpoints and rules are built in issue #10. */
@FeatureModule({ name: 'prompts', version: '1.1.0' })
export class PromptsModule {}
