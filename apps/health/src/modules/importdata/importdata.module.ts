import { MiddlewareConsumer, NestModule, RequestMethod } from '@nestjs/common';
import { FeatureModule } from '@sports/common';
import { ExportdataModule } from '../exportdata/exportdata.module';
import { MembershipModule } from '../membership/membership.module';
import { ImportBodyMiddleware } from './import-body.middleware';
import { ImportdataController } from './importdata.controller';
import { ImportdataRepository } from './importdata.repository';
import { ImportdataService } from './importdata.service';

/** Module `importdata`: re-import of an export document (idempotent, one transaction, dry run). */
@FeatureModule({
  name: 'importdata',
  version: '1.0.0',
  imports: [ExportdataModule, MembershipModule],
  controllers: [ImportdataController],
  providers: [ImportdataRepository, ImportdataService],
})
export class ImportdataModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ImportBodyMiddleware).forRoutes({ path: 'import', method: RequestMethod.POST });
  }
}
