import { FeatureModule } from '@sports/common';
import { MembershipModule } from '../membership/membership.module';
import { AdminLlmUsageController, LlmUsageController } from './llm-usage.controller';
import { LlmUsageRepository } from './llm-usage.repository';
import { LlmUsageService } from './llm-usage.service';

/**
 * Module `llm_usage` (beyond the specification): language-model tokens and cost by day or
 * month per user and workflow (`GET /api/llm-usage`, `GET /api/admin/llm-usage`), and the
 * monthly budget per membership tier that the workflow and prompt runs are checked against.
 */
@FeatureModule({
  name: 'llm_usage',
  version: '1.0.0',
  extension: true,
  imports: [MembershipModule],
  controllers: [LlmUsageController, AdminLlmUsageController],
  providers: [LlmUsageRepository, LlmUsageService],
  exports: [LlmUsageService],
})
export class LlmUsageModule {}
