import { Inject, Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  isStillReferenced,
  NotFoundError,
  PageQuery,
  ResourceInUseError,
  withEntityTag,
  WriteTarget,
} from '@sports/common';
import {
  CompiledGraph,
  GraphIssue,
  templateModeOf,
  validateWorkflowGraph,
  type AnalysisNode,
} from '@sports/workflow-engine';
import { DataLayerService } from '../data-layer/data-layer.service';
import { placeholderKeysOf } from './data-placeholders';
import {
  CreateWorkflowRequest,
  toWorkflowResponse,
  UpdateWorkflowRequest,
  ValidationResultResponse,
  WorkflowListResponse,
  WorkflowResponse,
} from './dto/workflow-definition.dto';
import { QuestionCatalogRepository } from './question-catalog.repository';
import { graphInvalidError } from './workflow-errors';
import { checkedLayout, keepNodesOf } from './workflow-layout';
import {
  WorkflowDefinitionRow,
  WorkflowDefinitionsRepository,
} from './workflow-definitions.repository';
import { WORKFLOW_PROMPT_SOURCE, WorkflowPromptSource } from './workflow-prompt-source';

/** Longest workflow name (CreateWorkflowRequest). */
const MAX_NAME_LENGTH = 200;
/** Room kept for " (copy NNNNN)" when a copy is named. */
const COPY_SUFFIX_ROOM = 14;

/** Issues the service adds to the engine's (references into the database). */
export type WorkflowIssue = Omit<GraphIssue, 'code'> & {
  code: GraphIssue['code'] | 'PROMPT_NOT_FOUND' | 'QUESTION_NOT_FOUND' | 'PLACEHOLDER_UNKNOWN';
};

interface Checked {
  valid: boolean;
  errors: GraphIssue[];
  warnings: GraphIssue[];
  graph: CompiledGraph | null;
}

/**
 * Workflow definitions: owner-only CRUD. Every save is validated by the engine (cycles,
 * reachability, end node, fallback edges, templates); references into the database (prompt
 * slugs, question keys, data placeholders) that do not resolve are reported as warnings,
 * since they may be created later and fail only the node that uses them.
 */
@Injectable()
export class WorkflowDefinitionsService {
  constructor(
    private readonly workflows: WorkflowDefinitionsRepository,
    @Inject(WORKFLOW_PROMPT_SOURCE) private readonly prompts: WorkflowPromptSource,
    private readonly questions: QuestionCatalogRepository,
    private readonly data: DataLayerService,
  ) {}

  async validate(ownerId: string, graph: unknown): Promise<ValidationResultResponse> {
    const checked = await this.check(ownerId, graph);
    return {
      valid: checked.valid,
      errors: checked.errors,
      warnings: checked.warnings,
      order: checked.graph?.order ?? null,
    };
  }

  async create(ownerId: string, input: CreateWorkflowRequest): Promise<WorkflowResponse> {
    const layout = checkedLayout(input.layout, input.graph);
    const checked = await this.requireValid(ownerId, input.graph);
    const row = await this.workflows.insert(ownerId, {
      name: input.name.trim(),
      description: input.description ?? null,
      graph: input.graph,
      layout,
    });
    return this.tagged(row, checked);
  }

  /**
   * A copy of one's own workflow for the caller: named "<name> (copy)", or "<name> (copy N)"
   * with the smallest N ≥ 2 that no workflow of the caller has; graph, layout and description
   * copied; a new id and version. Executions are not copied.
   */
  async duplicate(ownerId: string, id: string): Promise<WorkflowResponse> {
    const source = await this.requireOwn(ownerId, id);
    const checked = await this.check(ownerId, source.graph);
    const base = `${source.name.slice(0, MAX_NAME_LENGTH - COPY_SUFFIX_ROOM)} (copy`;
    const taken = new Set(await this.workflows.namesStartingWith(ownerId, base));
    let name = `${base})`;
    for (let n = 2; taken.has(name); n += 1) name = `${base} ${n})`;
    const row = await this.workflows.insert(ownerId, {
      name,
      description: source.description,
      graph: source.graph,
      layout: source.layout ?? {},
    });
    return this.tagged(row, checked);
  }

  async list(ownerId: string, query: PageQuery): Promise<WorkflowListResponse> {
    const { limit, offset } = query;
    const [rows, total] = await this.workflows.list(ownerId, limit, offset);
    const items = rows.map((row) => {
      const result = validateWorkflowGraph(row.graph);
      return toWorkflowResponse(row, result.graph?.order ?? [], result.warnings);
    });
    return { items, total, limit, offset };
  }

  async get(ownerId: string, id: string): Promise<WorkflowResponse> {
    const row = await this.requireOwn(ownerId, id);
    const checked = await this.check(ownerId, row.graph);
    return this.tagged(row, checked);
  }

  async update(
    ownerId: string,
    { id, ifMatch }: WriteTarget,
    input: UpdateWorkflowRequest,
  ): Promise<WorkflowResponse> {
    const current = await this.requireOwn(ownerId, id);
    assertIfMatch(ifMatch, current.row_version);
    const graph = input.graph ?? current.graph;
    // omitted: the stored positions (of the nodes still there); null: none
    const layout =
      input.layout === undefined
        ? keepNodesOf(current.layout ?? {}, graph)
        : checkedLayout(input.layout, graph);
    const checked = await this.requireValid(ownerId, graph);
    const row = await this.workflows.update(
      id,
      {
        name: input.name?.trim() ?? current.name,
        description: input.description !== undefined ? input.description : current.description,
        graph,
        layout,
      },
      ifMatch,
    );
    return this.tagged(row, checked);
  }

  /** 409 RESOURCE_IN_USE while a workflow prompt points to it; its executions go with it. */
  async remove(ownerId: string, { id, ifMatch }: WriteTarget): Promise<void> {
    assertIfMatch(ifMatch, (await this.requireOwn(ownerId, id)).row_version);
    try {
      await this.workflows.delete(id, ifMatch);
    } catch (error) {
      if (isStillReferenced(error)) {
        throw new ResourceInUseError('A workflow prompt still points to this workflow.');
      }
      throw error;
    }
  }

  async requireOwn(ownerId: string, id: string): Promise<WorkflowDefinitionRow> {
    const row = await this.workflows.findOwn(ownerId, id);
    if (!row) throw new NotFoundError('Workflow', id);
    return row;
  }

  findById(id: string): Promise<WorkflowDefinitionRow | null> {
    return this.workflows.findById(id);
  }

  /** The response of one workflow, carrying its version as the ETag. */
  private tagged(row: WorkflowDefinitionRow, checked: Checked): WorkflowResponse {
    const response = toWorkflowResponse(row, checked.graph?.order ?? [], checked.warnings);
    return withEntityTag(response, row.row_version);
  }

  private async requireValid(ownerId: string, graph: unknown): Promise<Checked> {
    const checked = await this.check(ownerId, graph);
    if (!checked.valid) throw graphInvalidError(checked.errors, checked.warnings);
    return checked;
  }

  private async check(ownerId: string, graph: unknown): Promise<Checked> {
    const result = validateWorkflowGraph(graph);
    if (!result.graph) return result;
    const warnings: WorkflowIssue[] = [...result.warnings];
    const catalogKeys = new Set(this.data.placeholderCatalog().map((entry) => entry.key));
    const allKeys = new Set<string>();
    for (const [index, node] of result.graph.nodes.entries()) {
      if (node.kind === 'analysis') {
        await this.checkAnalysis(ownerId, node, index, catalogKeys, warnings);
        for (const key of node.question_keys ?? []) allKeys.add(key);
      }
    }
    const known = new Set((await this.questions.findByKeys([...allKeys])).map((q) => q.key));
    for (const node of result.graph.nodes) {
      if (node.kind !== 'analysis') continue;
      const missing = (node.question_keys ?? []).filter((key) => !known.has(key));
      if (missing.length > 0) {
        warnings.push({
          code: 'QUESTION_NOT_FOUND',
          message: `analysis node "${node.id}" asks unknown questions: ${missing.join(', ')}`,
          node_ids: [node.id],
        });
      }
    }
    return { ...result, warnings: warnings as GraphIssue[] };
  }

  private async checkAnalysis(
    ownerId: string,
    node: AnalysisNode,
    index: number,
    catalogKeys: ReadonlySet<string>,
    warnings: WorkflowIssue[],
  ): Promise<void> {
    const mode = templateModeOf(node);
    if (mode === 'reference') {
      const slug = (node.prompt_slug ?? '').trim();
      if (!(await this.prompts.findBaseTemplate(ownerId, slug))) {
        warnings.push({
          code: 'PROMPT_NOT_FOUND',
          message: `analysis node "${node.id}" refers to prompt "${slug}", which is not a base prompt you can use`,
          path: `nodes[${index}].prompt_slug`,
          node_ids: [node.id],
        });
      }
    } else if (mode === 'inline') {
      const unknown = placeholderKeysOf(node.inline_template ?? '').filter(
        (key) => !catalogKeys.has(key),
      );
      if (unknown.length > 0) {
        warnings.push({
          code: 'PLACEHOLDER_UNKNOWN',
          message: `inline_template of "${node.id}" uses unknown data placeholders: ${unknown.join(', ')}`,
          path: `nodes[${index}].inline_template`,
          node_ids: [node.id],
        });
      }
    }
  }
}
