import { FeatureModule } from '@sports/common';

/** Module `import_wiki` of the version table. Its endpoints and rules are built in issue #6. */
@FeatureModule({ name: 'import_wiki', version: '1.0.0' })
export class ImportWikiModule {}
