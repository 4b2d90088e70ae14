import { Inject, Injectable } from '@nestjs/common';
import { DomainError, FeatureGate, NotFoundError, UnprocessableError } from '@sports/common';
import {
  augmentTemplate,
  normalizeSignals,
  parseAnswerSections,
  resolveNodeTemplate,
  selectQuestionKeys,
  validateWorkflowGraph,
  WorkflowEngineError,
  type AnalysisNode,
  type QuestionCatalogEntry,
} from '@sports/workflow-engine';
import { HEALTH_ERRORS } from '../../errors';
import { DataLayerService } from '../data-layer/data-layer.service';
import { LANGUAGE_MODEL, LanguageModel } from '../llm/language-model';
import { LlmUsageService } from '../llm-usage/llm-usage.service';
import { TestRunWorkflowNodeResponse } from './dto/workflow-node-test.dto';
import { LlmPromptRunner, modelCallProblem } from './llm-prompt-runner';
import { QuestionCatalogService } from './question-catalog.service';
import { WorkflowDefinitionsService } from './workflow-definitions.service';
import { graphInvalidError } from './workflow-errors';
import { requireWorkflowRun } from './workflow-executions.service';
import { WORKFLOW_PROMPT_SOURCE, WorkflowPromptSource } from './workflow-prompt-source';

/**
 * Test runs of one analysis node from the editor: the node (from the saved graph, or from the
 * graph as edited) is rendered as an execution renders it — its template (inline or the named
 * base prompt), the answer-format block with its questions, the data placeholders filled with
 * the caller's data — and sent to the model once. Nothing is stored but the usage: the call is
 * recorded in the usage ledger with its workflow and node, and refused like a run when the
 * membership lacks workflow.run or the month's budget is spent. The node is tested alone: the
 * analyses of upstream nodes an execution would append are not there.
 */
@Injectable()
export class WorkflowNodeTestService {
  constructor(
    private readonly definitions: WorkflowDefinitionsService,
    private readonly features: FeatureGate,
    private readonly budgets: LlmUsageService,
    private readonly questions: QuestionCatalogService,
    private readonly data: DataLayerService,
    @Inject(WORKFLOW_PROMPT_SOURCE) private readonly prompts: WorkflowPromptSource,
    @Inject(LANGUAGE_MODEL) private readonly model: LanguageModel,
  ) {}

  async testRun(
    ownerId: string,
    workflowId: string,
    nodeId: string,
    editedGraph: Record<string, unknown> | undefined,
  ): Promise<TestRunWorkflowNodeResponse> {
    const definition = await this.definitions.requireOwn(ownerId, workflowId);
    const node = analysisNode(editedGraph ?? definition.graph, nodeId, workflowId);
    await requireWorkflowRun(this.features, this.budgets, ownerId);

    const resolved = await resolveNodeTemplate(node, {
      findBySlug: (slug) => this.prompts.findBaseTemplate(ownerId, slug),
    }).catch((error: unknown) => {
      if (error instanceof WorkflowEngineError && error.code === 'PROMPT_NOT_FOUND') {
        throw catalogued('PROMPT_NOT_FOUND', error.message, { node_ids: [node.id] });
      }
      throw error;
    });
    const keys = selectQuestionKeys(node.question_keys, resolved.default_question_keys);
    const questions = await this.resolveQuestions(node.id, keys);
    const template = augmentTemplate(resolved.template, questions);
    const runner = new LlmPromptRunner(this.model, this.data, ownerId);
    const started = performance.now();
    const answer = await runner
      .run({ node_id: node.id, template, questions, inputs: [], attempt: 1 })
      .catch((error: unknown) => {
        throw modelCallProblem(error);
      });
    const durationMs = Math.round(performance.now() - started);
    const tokensIn = answer.tokens_in ?? 0;
    const tokensOut = answer.tokens_out ?? 0;
    const cost = answer.cost ?? 0;
    await this.budgets.recordNodeTest({
      owner_id: ownerId,
      workflow_id: definition.id,
      workflow_name: definition.name,
      node_id: node.id,
      model: runner.usage.model,
      tokens_in: tokensIn,
      tokens_out: tokensOut,
      cost,
    });
    const parsed = parseAnswerSections(answer.text);
    return {
      node_id: node.id,
      template_mode: resolved.mode,
      rendered_prompt: answer.prompt_sent ?? template,
      question_keys: questions.map((q) => q.key),
      answer: answer.text,
      analysis_core: parsed.analysis_core,
      decision_signals: normalizeSignals(parsed.decision_signals, questions),
      tokens: { input: tokensIn, output: tokensOut, total: tokensIn + tokensOut },
      cost,
      duration_ms: durationMs,
      model: runner.usage.model,
      offline: runner.usage.offline,
    };
  }

  private async resolveQuestions(nodeId: string, keys: string[]): Promise<QuestionCatalogEntry[]> {
    const found = await this.questions.findByKeys(keys);
    const byKey = new Map(found.map((entry) => [entry.key, entry]));
    const missing = keys.filter((key) => !byKey.has(key));
    if (missing.length > 0) {
      throw new UnprocessableError(
        `analysis node "${nodeId}" uses unknown question keys: ${missing.join(', ')}`,
        'QUESTION_NOT_FOUND',
        { extensions: { unknown_question_keys: missing, node_ids: [nodeId] } },
      );
    }
    return keys.map((key) => byKey.get(key) as QuestionCatalogEntry);
  }
}

/**
 * The analysis node `nodeId` of a graph, checked as the engine checks it on save (alone: the
 * rest of an edited graph may be unfinished). 404 when the graph has no such node, 422
 * NODE_NOT_ANALYSIS for another kind, the node's first issue otherwise (400, or 422
 * NODE_TEMPLATE_MISSING).
 */
function analysisNode(graph: unknown, nodeId: string, workflowId: string): AnalysisNode {
  const nodes = (graph as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) {
    throw graphInvalidError([
      { code: 'GRAPH_SHAPE_INVALID', message: 'graph.nodes must be an array of nodes' },
    ]);
  }
  const raw = nodes.find(
    (node: unknown) =>
      !!node && typeof node === 'object' && (node as { id?: unknown }).id === nodeId,
  ) as Record<string, unknown> | undefined;
  if (!raw) throw new NotFoundError(`Node ${nodeId} of workflow`, workflowId);
  if (raw.kind !== 'analysis') {
    throw catalogued(
      'NODE_NOT_ANALYSIS',
      `Node "${nodeId}" is a ${String(raw.kind)} node; only analysis nodes can be test-run.`,
      { node_kind: typeof raw.kind === 'string' ? raw.kind : null, node_ids: [nodeId] },
    );
  }
  const endId = nodeId === 'end' ? 'end_' : 'end';
  const checked = validateWorkflowGraph({
    nodes: [raw, { id: endId, kind: 'end' }],
    edges: [{ from: nodeId, to: endId }],
  });
  if (!checked.graph) throw graphInvalidError(checked.errors, checked.warnings);
  return checked.graph.node_by_id.get(nodeId) as AnalysisNode;
}

/** A problem with a code of the health catalogue (its status and title). */
function catalogued(
  code: 'NODE_NOT_ANALYSIS' | 'PROMPT_NOT_FOUND',
  detail: string,
  extensions: Record<string, unknown>,
): DomainError {
  const { status, title } = HEALTH_ERRORS[code];
  return new DomainError(status, code, title, detail, { extensions });
}
