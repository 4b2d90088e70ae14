import { FeatureModule } from '@sports/common';
import { DataLayerModule } from '../data-layer/data-layer.module';
import { InsightsModule } from '../insights/insights.module';
import { LlmModule } from '../llm/llm.module';
import { LlmUsageModule } from '../llm-usage/llm-usage.module';
import { QuestionCatalogController } from './question-catalog.controller';
import { QuestionCatalogRepository } from './question-catalog.repository';
import { QuestionCatalogService } from './question-catalog.service';
import { WorkflowDefinitionsController } from './workflow-definitions.controller';
import { WorkflowDefinitionsRepository } from './workflow-definitions.repository';
import { WorkflowDefinitionsService } from './workflow-definitions.service';
import { WorkflowNodeTestService } from './workflow-node-test.service';
import { ExecutionNotifications } from './execution-notifications';
import { WorkflowExecutionWorker } from './workflow-execution.worker';
import { WorkflowExecutionsController } from './workflow-executions.controller';
import { WorkflowExecutionsRepository } from './workflow-executions.repository';
import { WorkflowExecutionsService } from './workflow-executions.service';

/**
 * Module `workflow`: question catalog, workflow definitions (validated by the pure engine,
 * @sports/workflow-engine), executions run as jobs of the job queue with node checkpoints,
 * resume, cancel and a Server-Sent Events stream of their node events. Controllers with fixed path segments
 * (`workflows/questions`, `workflows/executions`) are registered before `workflows/:id`.
 * Prompts are read through WORKFLOW_PROMPT_SOURCE, which the prompts module provides.
 */
@FeatureModule({
  name: 'workflow',
  version: '0.7.0',
  imports: [DataLayerModule, InsightsModule, LlmModule, LlmUsageModule],
  controllers: [
    QuestionCatalogController,
    WorkflowExecutionsController,
    WorkflowDefinitionsController,
  ],
  providers: [
    QuestionCatalogRepository,
    QuestionCatalogService,
    WorkflowDefinitionsRepository,
    WorkflowDefinitionsService,
    WorkflowNodeTestService,
    WorkflowExecutionsRepository,
    WorkflowExecutionsService,
    WorkflowExecutionWorker,
    ExecutionNotifications,
  ],
  exports: [QuestionCatalogService, WorkflowDefinitionsService, WorkflowExecutionsService],
})
export class WorkflowModule {}
