import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError, PageQuery, SERVICE_CONFIG } from '@sports/common';
import { DataSource } from 'typeorm';
import {
  compileWorkflowGraph,
  CompiledGraph,
  ExecutionResult,
  NormalizedSignal,
  PromptTemplateLookup,
  WorkflowExecutor,
} from '@sports/workflow-engine';
import type { HealthConfig } from '../../config';
import { DataLayerService } from '../data-layer/data-layer.service';
import { InsightsService } from '../insights/insights.service';
import { LANGUAGE_MODEL, LanguageModel } from '../llm/language-model';
import { FeaturesService } from '../membership/features.service';
import {
  ExecutionListResponse,
  ExecutionResponse,
  toExecutionResponse,
  toExecutionSummary,
} from './dto/workflow-execution.dto';
import { LlmPromptRunner } from './llm-prompt-runner';
import { QuestionCatalogService } from './question-catalog.service';
import { WorkflowDefinitionRow } from './workflow-definitions.repository';
import { WorkflowDefinitionsService } from './workflow-definitions.service';
import { engineError } from './workflow-errors';
import { ExecutionRow, WorkflowExecutionsRepository } from './workflow-executions.repository';
import { WORKFLOW_PROMPT_SOURCE, WorkflowPromptSource } from './workflow-prompt-source';

export const WORKFLOW_RUN_FEATURE = 'workflow.run';

/**
 * Runs workflows with the configured language model and stores each execution with every
 * node's state, timings, prompt, answer, tokens, cost and error, plus an insight with the
 * final output. Executions are visible to their owner only (others get 404).
 */
@Injectable()
export class WorkflowExecutionsService {
  constructor(
    private readonly executions: WorkflowExecutionsRepository,
    private readonly definitions: WorkflowDefinitionsService,
    @Inject(WORKFLOW_PROMPT_SOURCE) private readonly prompts: WorkflowPromptSource,
    private readonly questions: QuestionCatalogService,
    private readonly insights: InsightsService,
    private readonly features: FeaturesService,
    private readonly data: DataLayerService,
    private readonly db: DataSource,
    @Inject(LANGUAGE_MODEL) private readonly model: LanguageModel,
    @Inject(SERVICE_CONFIG) private readonly config: HealthConfig,
  ) {}

  async execute(ownerId: string, workflowId: string): Promise<ExecutionResponse> {
    const definition = await this.definitions.requireOwn(ownerId, workflowId);
    await this.features.require(ownerId, [WORKFLOW_RUN_FEATURE]);
    return this.run(ownerId, definition, null, definition.name);
  }

  /**
   * Runs a workflow prompt's workflow for `ownerId` (the prompt executor's `workflow` type).
   * The caller has checked that the prompt is visible to the user and the feature is granted.
   */
  async executeForPrompt(
    ownerId: string,
    prompt: { id: string; name: string; workflow_id: string | null },
  ): Promise<ExecutionResponse> {
    const definition = prompt.workflow_id
      ? await this.definitions.findById(prompt.workflow_id)
      : null;
    if (!definition) throw new NotFoundError('Workflow of prompt', prompt.id);
    return this.run(ownerId, definition, prompt.id, prompt.name);
  }

  async get(ownerId: string, id: string): Promise<ExecutionResponse> {
    const row = await this.requireOwn(ownerId, id);
    return toExecutionResponse(row, await this.insights.idForExecution(ownerId, id));
  }

  async list(
    ownerId: string,
    workflowId: string,
    query: PageQuery,
  ): Promise<ExecutionListResponse> {
    await this.definitions.requireOwn(ownerId, workflowId);
    const { limit, offset } = query;
    const [rows, total] = await this.executions.listOfWorkflow(ownerId, workflowId, limit, offset);
    return { items: rows.map(toExecutionSummary), total, limit, offset };
  }

  /**
   * Re-runs the FAILED nodes of a partial or failed execution and everything downstream of
   * them; the other nodes keep their results. The execution is updated in place.
   */
  async resume(ownerId: string, id: string): Promise<ExecutionResponse> {
    const row = await this.requireOwn(ownerId, id);
    await this.features.require(ownerId, [WORKFLOW_RUN_FEATURE]);
    if (row.status === 'running') {
      throw new ConflictError('The execution is still running.', 'EXECUTION_RUNNING');
    }
    const previous = row.result;
    if (!previous?.nodes?.some((node) => node.state === 'FAILED')) {
      throw new ConflictError(
        'The execution has no FAILED node to resume.',
        'EXECUTION_NOT_RESUMABLE',
      );
    }
    const claimed = await this.executions.claimForResume(id);
    if (!claimed)
      throw new ConflictError('The execution is already being resumed.', 'EXECUTION_RUNNING');

    let graph: CompiledGraph;
    try {
      graph = compileWorkflowGraph(row.graph);
    } catch (error) {
      await this.executions.restore(row);
      throw engineError(error);
    }
    const runner = new LlmPromptRunner(this.model, this.data, ownerId);
    let result: ExecutionResult;
    try {
      result = await this.executor(runner, ownerId).resume(graph, previous);
    } catch (error) {
      await this.executions.restore(row);
      throw engineError(error);
    }
    const title = await this.titleOf(row);
    return this.store(claimed, result, runner, title, true);
  }

  private async run(
    ownerId: string,
    definition: WorkflowDefinitionRow,
    promptId: string | null,
    title: string,
  ): Promise<ExecutionResponse> {
    let graph: CompiledGraph;
    try {
      graph = compileWorkflowGraph(definition.graph);
    } catch (error) {
      throw engineError(error);
    }
    const row = await this.executions.insertRunning({
      workflow_id: definition.id,
      owner_id: ownerId,
      prompt_id: promptId,
      graph: definition.graph,
      model: this.model.model,
      offline: this.model.offline,
    });
    const runner = new LlmPromptRunner(this.model, this.data, ownerId);
    const result = await this.executor(runner, ownerId).execute(graph);
    return this.store(row, result, runner, title, false);
  }

  private async store(
    row: ExecutionRow,
    result: ExecutionResult,
    runner: LlmPromptRunner,
    title: string,
    replaceInsight: boolean,
  ): Promise<ExecutionResponse> {
    return this.db.transaction(async (manager) => {
      const saved = await this.executions.finish(
        row.id,
        { status: result.status, result, model: runner.usage.model, offline: runner.usage.offline },
        manager,
      );
      let insightId: string | null = null;
      if (result.output !== null) {
        const values = {
          owner_id: row.owner_id,
          prompt_id: row.prompt_id,
          workflow_execution_id: row.id,
          title,
          content: result.output,
          analysis_core: null,
          decision_signals: signalsOf(result),
          offline: runner.usage.offline,
          model: runner.usage.model,
          tokens_in: result.tokens_in,
          tokens_out: result.tokens_out,
          cost: result.cost,
        };
        const insight = replaceInsight
          ? await this.insights.replaceForExecution(values, manager)
          : await this.insights.record(values, manager);
        insightId = insight.id;
      }
      return toExecutionResponse(saved, insightId);
    });
  }

  private executor(runner: LlmPromptRunner, ownerId: string): WorkflowExecutor {
    const c = this.config;
    // A node without its own timeout_ms may use every retry of the model client.
    const clientBudget =
      c.LLM_TIMEOUT_MS * (c.LLM_MAX_RETRIES + 1) +
      c.LLM_RETRY_BASE_MS * (2 ** c.LLM_MAX_RETRIES - 1) +
      1000;
    return new WorkflowExecutor({
      runner,
      prompts: this.promptLookup(ownerId),
      questions: this.questions,
      defaultTimeoutMs: clientBudget,
      defaultRetries: 0,
      retryBackoffMs: c.LLM_RETRY_BASE_MS,
    });
  }

  /** Reference-mode templates: the owner's base prompt, or a system base prompt. */
  private promptLookup(ownerId: string): PromptTemplateLookup {
    return { findBySlug: (slug) => this.prompts.findBaseTemplate(ownerId, slug) };
  }

  private async titleOf(row: ExecutionRow): Promise<string> {
    const definition = await this.definitions.findById(row.workflow_id);
    return definition?.name ?? 'Workflow';
  }

  private async requireOwn(ownerId: string, id: string): Promise<ExecutionRow> {
    const row = await this.executions.findOwn(ownerId, id);
    if (!row) throw new NotFoundError('Execution', id);
    return row;
  }
}

/** Signals of every completed analysis node, keyed `<node_id>.<key>`. */
function signalsOf(result: ExecutionResult): Record<string, NormalizedSignal> {
  const signals: Record<string, NormalizedSignal> = {};
  for (const node of result.nodes) {
    if (node.kind !== 'analysis' || node.state !== 'COMPLETED') continue;
    for (const [key, signal] of Object.entries(node.decision_signals ?? {})) {
      signals[`${node.node_id}.${key}`] = signal;
    }
  }
  return signals;
}
