import { FeatureModule } from '@sports/common';
import { ExercisesModule } from '../exercises/exercises.module';
import { TenantContextModule } from '../tenant-context/tenant-context.module';
import { ImportWikiController } from './import-wiki.controller';
import { ImportWikiRepository } from './import-wiki.repository';
import { ImportWikiService } from './import-wiki.service';
import { WikiClient } from './wiki-client';
import { WikiImportWorker } from './wiki-import.worker';

/**
 * Module `import_wiki`: one-way import of exercises from a MediaWiki API (discover, preview,
 * execute as a job of the job queue, list, status, logs, cancel). Wiki hosts must be listed in
 * WIKI_ALLOWED_HOSTS.
 */
@FeatureModule({
  name: 'import_wiki',
  version: '1.0.0',
  imports: [ExercisesModule, TenantContextModule],
  controllers: [ImportWikiController],
  providers: [ImportWikiRepository, ImportWikiService, WikiClient, WikiImportWorker],
})
export class ImportWikiModule {}
