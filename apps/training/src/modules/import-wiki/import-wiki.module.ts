import { FeatureModule } from '@sports/common';
import { ExercisesModule } from '../exercises/exercises.module';
import { ImportWikiController } from './import-wiki.controller';
import { ImportWikiRepository } from './import-wiki.repository';
import { ImportWikiService } from './import-wiki.service';
import { WikiClient } from './wiki-client';

/**
 * Module `import_wiki`: one-way import of exercises from a MediaWiki API (discover, preview,
 * execute as a background job, status, logs). Wiki hosts must be listed in WIKI_ALLOWED_HOSTS.
 */
@FeatureModule({
  name: 'import_wiki',
  version: '1.0.0',
  imports: [ExercisesModule],
  controllers: [ImportWikiController],
  providers: [ImportWikiRepository, ImportWikiService, WikiClient],
})
export class ImportWikiModule {}
