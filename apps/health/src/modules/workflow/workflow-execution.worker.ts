import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  defineQueue,
  JobContext,
  JobInterruptedError,
  JobsService,
  SERVICE_CONFIG,
} from '@sports/common';
import {
  compileWorkflowGraph,
  ExecutionResult,
  NodeCheckpoint,
  NodeExecutionState,
  NormalizedSignal,
  PromptRunner,
  WorkflowEngineError,
  WorkflowExecutor,
} from '@sports/workflow-engine';
import { DataSource } from 'typeorm';
import type { HealthConfig } from '../../config';
import { DataLayerService } from '../data-layer/data-layer.service';
import { InsightsService } from '../insights/insights.service';
import { LANGUAGE_MODEL, LanguageModel } from '../llm/language-model';
import { ExecutionNotifications } from './execution-notifications';
import { LlmPromptRunner } from './llm-prompt-runner';
import { QuestionCatalogService } from './question-catalog.service';
import {
  AttemptTrigger,
  ExecutionRow,
  NodeEventValues,
  WorkflowExecutionsRepository,
} from './workflow-executions.repository';
import { WORKFLOW_PROMPT_SOURCE, WorkflowPromptSource } from './workflow-prompt-source';

/** What an execution job carries: the execution, and how it came to run. */
export interface WorkflowExecutionPayload {
  execution_id: string;
  /** The title of the insight the output is stored as. */
  title: string;
  /** `resume`: the nodes re-run (the result's resumed_node_ids); its insight is replaced. */
  kind: 'run' | 'resume';
  resumed_node_ids: string[];
}

/**
 * Workflow executions: many wait on a language model at once, so a worker runs several. A
 * worker that died leaves its job until the lease runs out; the retry continues from the
 * stored checkpoints. After the last attempt the dead letter handler ends the execution.
 */
export const WORKFLOW_EXECUTION_QUEUE = defineQueue<WorkflowExecutionPayload>(
  'workflow-execution',
  { retryLimit: 3, retryDelaySeconds: 1, concurrency: 8 },
);

/** A node that could not end on any attempt (its worker died each time). */
const interruptedRunner: PromptRunner = {
  run: () =>
    Promise.reject(
      new WorkflowEngineError(
        'EXECUTION_INTERRUPTED',
        'the execution was interrupted on every attempt before this node ended',
      ),
    ),
};

/**
 * Runs execution jobs. Every node state change is stored as an event in the order the engine
 * reports it; an ended node's event is its checkpoint, written with what the attempt spent on
 * it (added to the execution's totals in the same statement). An attempt continues from the
 * checkpoints of earlier ones and never runs an ended node again. Writes are fenced by the
 * execution's attempt number: an attempt that was taken over or cancelled writes nothing more.
 */
@Injectable()
export class WorkflowExecutionWorker implements OnModuleInit {
  constructor(
    private readonly executions: WorkflowExecutionsRepository,
    private readonly notifications: ExecutionNotifications,
    private readonly jobs: JobsService,
    @Inject(WORKFLOW_PROMPT_SOURCE) private readonly prompts: WorkflowPromptSource,
    private readonly questions: QuestionCatalogService,
    private readonly insights: InsightsService,
    private readonly data: DataLayerService,
    private readonly db: DataSource,
    @Inject(LANGUAGE_MODEL) private readonly model: LanguageModel,
    @Inject(SERVICE_CONFIG) private readonly config: HealthConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.work(WORKFLOW_EXECUTION_QUEUE, (job) => this.run(job, false), {
      deadLetter: (job) => this.run(job, true),
    });
  }

  private async run(job: JobContext<WorkflowExecutionPayload>, givenUp: boolean): Promise<void> {
    const { execution_id: id, kind } = job.data;
    const trigger: { first: AttemptTrigger; retried: AttemptTrigger } = givenUp
      ? { first: 'given_up', retried: 'given_up' }
      : { first: kind, retried: 'retry' };
    const row = await this.executions.beginAttempt(id, job.id, trigger);
    if (!row) return; // cancelled or ended meanwhile
    // The first attempt of a run has nothing stored to continue from.
    const checkpoints = row.attempt === 1 ? [] : await this.executions.checkpoints(id);
    const llm = new LlmPromptRunner(this.model, this.data, row.owner_id);
    const stop = new AbortController();
    const signal = AbortSignal.any([job.signal, stop.signal]);
    const writer = new EventWriter(this.executions, row, stop, signal);
    const result = await this.executor(givenUp ? interruptedRunner : llm, row.owner_id).continue(
      compileWorkflowGraph(row.graph),
      checkpoints,
      {
        resumedNodeIds: job.data.resumed_node_ids,
        signal,
        onNodeUpdate: (state) => {
          if (state.state === 'RUNNING') writer.push(state, null);
        },
        onNodeEnd: (checkpoint) => writer.push(checkpoint.node, checkpoint),
      },
    );
    // The events not written yet are stored with the outcome, in its transaction.
    const last = await writer.close();
    if (job.signal.aborted) {
      // Nodes that ended before the interruption keep their checkpoints (if still allowed).
      await this.executions.appendEvents(id, row.attempt, last).catch(() => false);
      throw job.signal.reason as JobInterruptedError;
    }
    const times = kind === 'run' ? runTimes(row, result) : {};
    await this.store(row, last, { ...result, ...times }, llm, job.data);
    this.notifications.ended(id);
  }

  private async store(
    row: ExecutionRow,
    events: NodeEventValues[],
    result: ExecutionResult,
    runner: LlmPromptRunner,
    payload: WorkflowExecutionPayload,
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      if (!(await this.executions.appendEvents(row.id, row.attempt, events, manager)))
        throw new ExecutionTakenOver(row.id);
      const saved = await this.executions.finish(
        row.id,
        row.attempt,
        { status: result.status, result, model: runner.usage.model, offline: runner.usage.offline },
        manager,
      );
      if (!saved) throw new ExecutionTakenOver(row.id);
      if (result.output === null) return;
      const values = {
        owner_id: row.owner_id,
        prompt_id: row.prompt_id,
        workflow_execution_id: row.id,
        title: payload.title,
        content: result.output,
        analysis_core: null,
        decision_signals: signalsOf(result),
        offline: runner.usage.offline,
        model: runner.usage.model,
        // What every attempt spent (the execution's totals), not only the nodes of the result.
        tokens_in: saved.tokens_in,
        tokens_out: saved.tokens_out,
        cost: saved.cost,
      };
      if (payload.kind === 'resume') await this.insights.replaceForExecution(values, manager);
      else await this.insights.record(values, manager);
    });
  }

  private executor(runner: PromptRunner, ownerId: string): WorkflowExecutor {
    const c = this.config;
    // A node without its own timeout_ms may use every retry of the model client.
    const clientBudget =
      c.LLM_TIMEOUT_MS * (c.LLM_MAX_RETRIES + 1) +
      c.LLM_RETRY_BASE_MS * (2 ** c.LLM_MAX_RETRIES - 1) +
      1000;
    return new WorkflowExecutor({
      runner,
      // Reference-mode templates: the owner's base prompt, or a system base prompt.
      prompts: { findBySlug: (slug) => this.prompts.findBaseTemplate(ownerId, slug) },
      questions: this.questions,
      defaultTimeoutMs: clientBudget,
      defaultRetries: 0,
      retryBackoffMs: c.LLM_RETRY_BASE_MS,
    });
  }
}

/** The attempt may not write any more: the execution was cancelled or taken over. */
class ExecutionTakenOver extends Error {
  constructor(id: string) {
    super(`execution ${id}: the attempt was cancelled or taken over`);
  }
}

/**
 * Stores the node events of one attempt in the order the engine reported them (so stored
 * checkpoints are always a prefix of the run), without holding up the run: one write at a
 * time, and the events reported while a write is under way go together in the next one (the
 * 8 nodes of a fan-out that start together are one statement). The first failed write stops
 * the run (`stop`); once the run was stopped, the nodes it aborts are not stored as failures.
 */
class EventWriter {
  private chain: Promise<void> = Promise.resolve();
  private pending: NodeEventValues[] = [];
  private writing = false;
  private closed = false;
  private failure: unknown = null;

  constructor(
    private readonly executions: WorkflowExecutionsRepository,
    private readonly row: ExecutionRow,
    private readonly stop: AbortController,
    private readonly signal: AbortSignal,
  ) {}

  push(node: NodeExecutionState, checkpoint: NodeCheckpoint | null): void {
    if (this.failure || this.signal.aborted || this.closed) return;
    this.pending.push({
      node,
      checkpoint: checkpoint && { edges: checkpoint.edges, undecided: checkpoint.undecided },
      spent: checkpoint && node,
    });
    if (!this.writing) this.chain = this.write();
  }

  private async write(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.length > 0 && !this.closed && !this.failure) {
        const batch = this.pending;
        this.pending = [];
        try {
          if (!(await this.executions.appendEvents(this.row.id, this.row.attempt, batch)))
            throw new ExecutionTakenOver(this.row.id);
        } catch (error) {
          this.failure = error;
          this.stop.abort(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /** Waits for the write under way; answers the events not written yet (to store by the caller). */
  async close(): Promise<NodeEventValues[]> {
    this.closed = true;
    await this.chain;
    if (this.failure) throw this.failure;
    const rest = this.pending;
    this.pending = [];
    return rest;
  }
}

/** A run's times are the execution's: from its start (queued) to the last attempt's end. */
function runTimes(row: ExecutionRow, result: ExecutionResult): Partial<ExecutionResult> {
  const started = row.started_at.getTime();
  return {
    started_at: row.started_at.toISOString(),
    duration_ms: Math.max(0, Date.parse(result.ended_at) - started),
  };
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
