import { Global } from '@nestjs/common';
import { FeatureModule } from '@sports/common';
import { DataLayerModule } from '../data-layer/data-layer.module';
import { InsightsModule } from '../insights/insights.module';
import { LlmModule } from '../llm/llm.module';
import { LlmUsageModule } from '../llm-usage/llm-usage.module';
import { WORKFLOW_PROMPT_SOURCE } from '../workflow/workflow-prompt-source';
import { WorkflowModule } from '../workflow/workflow.module';
import { PromptLookupService } from './prompt-lookup.service';
import { PromptsController } from './prompts.controller';
import { PromptsRepository } from './prompts.repository';
import { PromptsService } from './prompts.service';

/**
 * Module `prompts`: system prompts (admins) and user prompts, the placeholder list for the
 * editing client, and the prompt executor (POST /api/prompts/:id/run).
 *
 * It uses the workflow module (workflow prompts, questions) and provides that module's
 * WORKFLOW_PROMPT_SOURCE in return. The export is global because the workflow module cannot
 * import this one (that would be a cycle); it is the module's only export.
 */
@Global()
@FeatureModule({
  name: 'prompts',
  version: '1.1.0',
  imports: [WorkflowModule, InsightsModule, LlmModule, LlmUsageModule, DataLayerModule],
  controllers: [PromptsController],
  providers: [
    PromptsRepository,
    PromptsService,
    PromptLookupService,
    { provide: WORKFLOW_PROMPT_SOURCE, useExisting: PromptLookupService },
  ],
  exports: [WORKFLOW_PROMPT_SOURCE],
})
export class PromptsModule {}
