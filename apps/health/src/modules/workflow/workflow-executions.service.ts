import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  FeatureGate,
  JobsService,
  NotFoundError,
  PageQuery,
  SERVICE_CONFIG,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  checkpointsOf,
  compileWorkflowGraph,
  CompiledGraph,
  downstreamOf,
  pendingNodeState,
} from '@sports/workflow-engine';
import type { HealthConfig } from '../../config';
import { InsightsService } from '../insights/insights.service';
import { LANGUAGE_MODEL, LanguageModel } from '../llm/language-model';
import { LlmUsageService } from '../llm-usage/llm-usage.service';
import {
  ExecutionEndEvent,
  ExecutionNodeEvent,
  ExecutionListQuery,
  ExecutionListResponse,
  ExecutionResponse,
  toEventData,
  toExecutionResponse,
  toExecutionSummary,
} from './dto/workflow-execution.dto';
import { ExecutionNotifications } from './execution-notifications';
import { WorkflowDefinitionRow } from './workflow-definitions.repository';
import { WorkflowDefinitionsService } from './workflow-definitions.service';
import { engineError } from './workflow-errors';
import { WORKFLOW_EXECUTION_QUEUE, WorkflowExecutionPayload } from './workflow-execution.worker';
import { ExecutionRow, WorkflowExecutionsRepository } from './workflow-executions.repository';

export const WORKFLOW_RUN_FEATURE = 'workflow.run';

/**
 * What every model call of a workflow asks first, after the ownership check (so another's
 * workflow stays a 404): 403 FEATURE_REQUIRED without workflow.run, then 402
 * LLM_BUDGET_EXCEEDED when the month's budget is spent. Used by run, resume and node test-run.
 */
export async function requireWorkflowRun(
  features: FeatureGate,
  budgets: LlmUsageService,
  ownerId: string,
): Promise<void> {
  await features.require(ownerId, [WORKFLOW_RUN_FEATURE]);
  await budgets.requireWithinBudget(ownerId);
}

/** A waiting caller reads the execution again at least this often (notifications may be lost). */
const WAIT_POLL_MS = 2000;
/** An event stream looks again this often without a notification, with a keep-alive comment. */
const STREAM_POLL_MS = 15_000;
const STREAM_BATCH = 500;

/** Where an execution's events go: a Server-Sent Events response. */
export interface ExecutionEventSink {
  /** Aborted when the client went away. */
  closed: AbortSignal;
  open(): void;
  event(id: number, name: 'node', data: ExecutionNodeEvent): void;
  event(id: null, name: 'end', data: ExecutionEndEvent): void;
  comment(text: string): void;
  end(): void;
}

export interface StartedExecution {
  execution: ExecutionResponse;
  /** False when the caller asked not to wait (or went away): the execution still runs. */
  ended: boolean;
}

/**
 * Workflow executions, run as jobs of the job queue (WorkflowExecutionWorker) with every
 * node's state, timings, prompt, answer, tokens, cost and error stored as it changes. A run
 * or resume is enqueued in the same transaction as the execution's row; callers wait for its
 * end (notified by the worker's commit) unless they asked not to. Executions are visible to
 * their owner only (others get 404).
 */
@Injectable()
export class WorkflowExecutionsService {
  constructor(
    private readonly executions: WorkflowExecutionsRepository,
    private readonly definitions: WorkflowDefinitionsService,
    private readonly insights: InsightsService,
    private readonly features: FeatureGate,
    private readonly budgets: LlmUsageService,
    private readonly jobs: JobsService,
    private readonly notifications: ExecutionNotifications,
    private readonly db: DataSource,
    @Inject(LANGUAGE_MODEL) private readonly model: LanguageModel,
    @Inject(SERVICE_CONFIG) private readonly config: HealthConfig,
  ) {}

  /**
   * Enqueues a run; waits for its end unless `wait` is false or aborted, at most
   * WORKFLOW_WAIT_MS (then the execution is answered as it is, still running).
   */
  async execute(
    ownerId: string,
    workflowId: string,
    wait: AbortSignal | false,
  ): Promise<StartedExecution> {
    const definition = await this.definitions.requireOwn(ownerId, workflowId);
    await requireWorkflowRun(this.features, this.budgets, ownerId);
    const row = await this.enqueueRun(ownerId, definition, null, definition.name);
    return this.outcome(ownerId, row.id, wait);
  }

  /**
   * Runs a workflow prompt's workflow for `ownerId` (the prompt executor's `workflow` type)
   * and waits for its end (at most WORKFLOW_WAIT_MS: then the execution is answered running).
   * The caller has checked that the prompt is visible to the user, the feature is granted and
   * the budget not spent.
   */
  async executeForPrompt(
    ownerId: string,
    prompt: { id: string; name: string; workflow_id: string | null },
  ): Promise<ExecutionResponse> {
    const definition = prompt.workflow_id
      ? await this.definitions.findById(prompt.workflow_id)
      : null;
    if (!definition) throw new NotFoundError('Workflow of prompt', prompt.id);
    const row = await this.enqueueRun(ownerId, definition, prompt.id, prompt.name);
    return (await this.outcome(ownerId, row.id, new AbortController().signal)).execution;
  }

  async get(ownerId: string, id: string): Promise<ExecutionResponse> {
    return this.response(await this.requireOwn(ownerId, id));
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

  /** The caller's executions of every workflow, newest first, by status and workflow. */
  async listOwn(ownerId: string, query: ExecutionListQuery): Promise<ExecutionListResponse> {
    const { limit, offset } = query;
    const [rows, total] = await this.executions.listOwn(ownerId, query, limit, offset);
    return { items: rows.map(toExecutionSummary), total, limit, offset };
  }

  /**
   * Re-runs the FAILED nodes of a partial or failed execution and everything downstream of
   * them, as a job; the other nodes keep their stored results. The execution is updated in
   * place; its totals keep what earlier attempts spent.
   */
  async resume(ownerId: string, id: string, wait: AbortSignal | false): Promise<StartedExecution> {
    const row = await this.requireOwn(ownerId, id);
    await requireWorkflowRun(this.features, this.budgets, ownerId);
    if (row.status === 'running') {
      throw new ConflictError('The execution is still running.', 'EXECUTION_RUNNING');
    }
    const previous = row.result;
    const failed = previous?.nodes.filter((n) => n.state === 'FAILED').map((n) => n.node_id);
    if (!previous || !failed?.length) {
      throw new ConflictError(
        'The execution has no FAILED node to resume.',
        'EXECUTION_NOT_RESUMABLE',
      );
    }
    const graph = compile(row.graph);
    const rerun = downstreamOf(graph, failed);
    const resumed = graph.order.filter((nodeId) => rerun.has(nodeId));
    const title = (await this.definitions.findById(row.workflow_id))?.name ?? 'Workflow';
    await this.db.transaction(async (m) => {
      const jobId = randomUUID();
      const claimed = await this.executions.claimForResume(id, jobId, m);
      if (!claimed)
        throw new ConflictError('The execution is already being resumed.', 'EXECUTION_RUNNING');
      // An execution stored before checkpoints existed gets them from its result.
      const stored = (await this.executions.hasEvents(id, m))
        ? []
        : checkpointsOf(previous).map((c) => ({ node: c.node, checkpoint: c, spent: null }));
      // The nodes to run again go back to PENDING: their stored results are no checkpoint now.
      const pending = resumed.map((nodeId) => ({
        node: pendingNodeState(graph.node_by_id.get(nodeId)!),
        checkpoint: null,
        spent: null,
      }));
      await this.executions.appendEvents(id, claimed.attempt, [...stored, ...pending], m);
      await this.send(m, jobId, {
        execution_id: id,
        title,
        kind: 'resume',
        resumed_node_ids: resumed,
      });
    });
    this.jobs.wake(WORKFLOW_EXECUTION_QUEUE);
    return this.outcome(ownerId, id, wait);
  }

  /** Cancels a running execution: its job stops at the next node; what ended stays stored. */
  async cancel(ownerId: string, id: string): Promise<ExecutionResponse> {
    await this.requireOwn(ownerId, id);
    const row = await this.db.transaction(async (m) => {
      const cancelled = await this.executions.cancel(id, m);
      if (!cancelled) throw new ConflictError('The execution has ended.', 'EXECUTION_ENDED');
      if (cancelled.job_id) await this.jobs.cancel(WORKFLOW_EXECUTION_QUEUE, cancelled.job_id, m);
      return cancelled;
    });
    return this.response(row);
  }

  /**
   * Streams the node events of an execution after `lastEventId` (its `seq`), then every new
   * one as it is stored, and ends with an `end` event once the execution has ended.
   */
  async streamEvents(
    ownerId: string,
    id: string,
    lastEventId: number,
    sink: ExecutionEventSink,
  ): Promise<void> {
    await this.requireOwn(ownerId, id);
    sink.open();
    let after = lastEventId;
    const drain = async (): Promise<number> => {
      const events = await this.executions.events(id, after, STREAM_BATCH);
      for (const e of events) sink.event(e.seq, 'node', toEventData(e));
      after = events.at(-1)?.seq ?? after;
      return events.length;
    };
    while (!sink.closed.aborted) {
      const wake = this.notifications.next(id, STREAM_POLL_MS);
      const stop = () => wake.cancel();
      sink.closed.addEventListener('abort', stop, { once: true });
      try {
        if ((await drain()) === STREAM_BATCH) continue;
        const status = (await this.executions.findOwn(ownerId, id))?.status ?? 'deleted';
        if (status !== 'running') {
          // The end is stored after the last event: what came before it is read now.
          while ((await drain()) === STREAM_BATCH);
          sink.event(null, 'end', { status });
          break;
        }
        const before = after;
        await wake.changed;
        if (before === after && !sink.closed.aborted) sink.comment('keep-alive');
      } finally {
        wake.cancel();
        sink.closed.removeEventListener('abort', stop);
      }
    }
    sink.end();
  }

  private async enqueueRun(
    ownerId: string,
    definition: WorkflowDefinitionRow,
    promptId: string | null,
    title: string,
  ): Promise<ExecutionRow> {
    compile(definition.graph);
    const row = await this.db.transaction(async (m) => {
      const jobId = randomUUID();
      const inserted = await this.executions.insertRunning(
        {
          workflow_id: definition.id,
          owner_id: ownerId,
          prompt_id: promptId,
          graph: definition.graph,
          model: this.model.model,
          offline: this.model.offline,
          job_id: jobId,
        },
        m,
      );
      await this.send(m, jobId, {
        execution_id: inserted.id,
        title,
        kind: 'run',
        resumed_node_ids: [],
      });
      return inserted;
    });
    // A worker of this process looks for it now, without waiting for the queue's notification.
    this.jobs.wake(WORKFLOW_EXECUTION_QUEUE);
    return row;
  }

  /** Sends the job `jobId` of an execution (whose row names it) in the caller's transaction. */
  private async send(m: EntityManager, jobId: string, payload: WorkflowExecutionPayload) {
    await this.jobs.send(WORKFLOW_EXECUTION_QUEUE, payload, { manager: m, id: jobId });
  }

  /**
   * The execution once it has ended, or as it is when `wait` is false or aborted or
   * WORKFLOW_WAIT_MS have passed (no worker may be running the queue).
   */
  private async outcome(
    ownerId: string,
    id: string,
    given: AbortSignal | false,
  ): Promise<StartedExecution> {
    const wait =
      given && AbortSignal.any([given, AbortSignal.timeout(this.config.WORKFLOW_WAIT_MS)]);
    for (;;) {
      // Woken by the end of an attempt only, not by every node event.
      const wake = this.notifications.next(id, WAIT_POLL_MS, 'end');
      const row = await this.requireOwn(ownerId, id).catch((error: unknown) => {
        wake.cancel();
        throw error;
      });
      const ended = row.status !== 'running';
      if (ended || !wait || wait.aborted) {
        wake.cancel();
        return { execution: await this.response(row), ended };
      }
      wait.addEventListener('abort', wake.cancel, { once: true });
      await wake.changed;
      wait.removeEventListener('abort', wake.cancel);
    }
  }

  private async response(row: ExecutionRow): Promise<ExecutionResponse> {
    const [insightId, attempts] = await Promise.all([
      this.insights.idForExecution(row.owner_id, row.id),
      this.executions.attempts(row.id),
    ]);
    return toExecutionResponse(row, insightId, attempts);
  }

  private async requireOwn(ownerId: string, id: string): Promise<ExecutionRow> {
    const row = await this.executions.findOwn(ownerId, id);
    if (!row) throw new NotFoundError('Execution', id);
    return row;
  }
}

function compile(graph: unknown): CompiledGraph {
  try {
    return compileWorkflowGraph(graph);
  } catch (error) {
    throw engineError(error);
  }
}
