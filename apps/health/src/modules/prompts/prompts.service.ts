import { Inject, Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  AuthUser,
  FeatureGate,
  IfMatch,
  FieldError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  ValidationFailedError,
  mapUniqueViolations,
  withEntityTag,
} from '@sports/common';
import {
  augmentTemplate,
  normalizeSignals,
  parseAnswerSections,
  QuestionCatalogEntry,
  selectQuestionKeys,
} from '@sports/workflow-engine';
import { DataSource } from 'typeorm';
import { DataLayerService } from '../data-layer/data-layer.service';
import { toInsightResponse } from '../insights/dto/insight.dto';
import { InsightsService } from '../insights/insights.service';
import { LANGUAGE_MODEL, LanguageModel } from '../llm/language-model';
import { LlmUsageService } from '../llm-usage/llm-usage.service';
import { placeholderKeysOf } from '../workflow/data-placeholders';
import { LlmPromptRunner, modelCallProblem } from '../workflow/llm-prompt-runner';
import { QuestionCatalogService } from '../workflow/question-catalog.service';
import { WorkflowDefinitionsService } from '../workflow/workflow-definitions.service';
import {
  WORKFLOW_RUN_FEATURE,
  WorkflowExecutionsService,
} from '../workflow/workflow-executions.service';
import {
  CreatePromptRequest,
  PlaceholderListResponse,
  PromptListQuery,
  PromptListResponse,
  PromptResponse,
  PromptRunResponse,
  RunPromptRequest,
  toPromptResponse,
  UpdatePromptRequest,
} from './dto/prompt.dto';
import { PromptRow, PromptsRepository, PromptValues } from './prompts.repository';
import { promptConflicts } from './prompts.constraints';

const isAdmin = (user: AuthUser): boolean => user.role === 'admin' || user.role === 'superadmin';

/**
 * Prompts and the prompt executor. Users read system prompts and their own; they write their
 * own; admins also write system prompts. Running a `base` prompt fills its data placeholders,
 * augments the questions, calls the model and parses/normalizes the answer; a `workflow`
 * prompt is handed to the workflow engine. Every run is stored as an insight.
 */
@Injectable()
export class PromptsService {
  constructor(
    private readonly prompts: PromptsRepository,
    private readonly questions: QuestionCatalogService,
    private readonly workflows: WorkflowDefinitionsService,
    private readonly executions: WorkflowExecutionsService,
    private readonly insights: InsightsService,
    private readonly features: FeatureGate,
    private readonly budgets: LlmUsageService,
    private readonly data: DataLayerService,
    private readonly db: DataSource,
    @Inject(LANGUAGE_MODEL) private readonly model: LanguageModel,
  ) {}

  placeholders(): PlaceholderListResponse {
    const items = this.data.placeholderCatalog().map((entry) => ({
      key: entry.key,
      description: entry.description,
      unit: entry.unit,
      placeholder: `{{${entry.key}}}`,
    }));
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  async list(user: AuthUser, query: PromptListQuery): Promise<PromptListResponse> {
    const { limit, offset } = query;
    const [rows, total] = await this.prompts.list(user.id, {
      type: query.type,
      scope: query.scope ?? 'all',
      limit,
      offset,
    });
    return { items: rows.map(toPromptResponse), total, limit, offset };
  }

  async get(user: AuthUser, id: string): Promise<PromptResponse> {
    return tagged(await this.requireVisible(user, id));
  }

  async create(user: AuthUser, input: CreatePromptRequest): Promise<PromptResponse> {
    const system = input.is_system === true;
    if (system && !isAdmin(user)) {
      throw new ForbiddenError(
        'Only administrators create system prompts.',
        'SYSTEM_PROMPT_ADMIN_ONLY',
      );
    }
    const values = await this.checked(user, {
      slug: input.slug,
      name: input.name.trim(),
      description: input.description ?? null,
      type: input.type,
      template: input.template ?? '',
      default_question_keys: input.default_question_keys ?? [],
      workflow_id: input.workflow_id ?? null,
    });
    return tagged(
      await this.unique(input.slug, () => this.prompts.insert(values, system ? null : user.id)),
    );
  }

  async update(
    user: AuthUser,
    id: string,
    input: UpdatePromptRequest,
    ifMatch?: IfMatch,
  ): Promise<PromptResponse> {
    const current = await this.requireWritable(user, id);
    assertIfMatch(ifMatch, current.row_version);
    const type = input.type ?? current.type;
    const values = await this.checked(user, {
      slug: input.slug ?? current.slug,
      name: input.name?.trim() ?? current.name,
      description: input.description !== undefined ? input.description : current.description,
      type,
      template: input.template ?? current.template,
      default_question_keys: input.default_question_keys ?? current.default_question_keys,
      // a base prompt has no workflow: switching to base drops it
      workflow_id:
        input.workflow_id !== undefined
          ? input.workflow_id
          : type === 'base' && input.type === 'base'
            ? null
            : current.workflow_id,
    });
    return tagged(await this.unique(values.slug, () => this.prompts.update(id, values, ifMatch)));
  }

  async remove(user: AuthUser, id: string, ifMatch?: IfMatch): Promise<void> {
    assertIfMatch(ifMatch, (await this.requireWritable(user, id)).row_version);
    await this.prompts.delete(id, ifMatch);
  }

  async run(user: AuthUser, id: string, input: RunPromptRequest): Promise<PromptRunResponse> {
    const prompt = await this.requireVisible(user, id);
    // the shared feature gate, after the visibility check: an invisible prompt stays a 404
    await this.features.require(user.id, [WORKFLOW_RUN_FEATURE]);
    await this.budgets.requireWithinBudget(user.id);
    if (prompt.type === 'workflow') {
      const execution = await this.executions.executeForPrompt(user.id, prompt);
      const insight = execution.insight_id
        ? await this.insights.get(user.id, execution.insight_id)
        : null;
      return { type: 'workflow', execution, insight };
    }
    return this.runBase(user, prompt, input);
  }

  private async runBase(
    user: AuthUser,
    prompt: PromptRow,
    input: RunPromptRequest,
  ): Promise<PromptRunResponse> {
    const keys = selectQuestionKeys(input.question_keys, prompt.default_question_keys);
    const questions = await this.resolveQuestions(keys, 'question_keys');
    const template = augmentTemplate(prompt.template, questions);
    const runner = new LlmPromptRunner(this.model, this.data, user.id);
    let answer;
    try {
      answer = await runner.run({
        node_id: prompt.slug,
        template,
        questions,
        inputs: [],
        attempt: 1,
      });
    } catch (error) {
      throw modelCallProblem(error);
    }
    const parsed = parseAnswerSections(answer.text);
    const signals = normalizeSignals(parsed.decision_signals, questions);
    const values = {
      owner_id: user.id,
      prompt_id: prompt.id,
      workflow_execution_id: null,
      title: prompt.name,
      content: answer.text,
      analysis_core: parsed.analysis_core,
      decision_signals: signals,
      offline: runner.usage.offline,
      model: runner.usage.model,
      tokens_in: answer.tokens_in ?? 0,
      tokens_out: answer.tokens_out ?? 0,
      cost: answer.cost ?? 0,
    };
    // The run's insight and its entry in the usage ledger are stored together.
    const insight = await this.db.transaction(async (manager) => {
      await this.budgets.recordPromptRun(
        {
          owner_id: user.id,
          prompt_id: prompt.id,
          model: values.model,
          tokens_in: values.tokens_in,
          tokens_out: values.tokens_out,
          cost: values.cost,
        },
        manager,
      );
      return this.insights.record(values, manager);
    });
    return {
      type: 'base',
      insight: toInsightResponse(insight),
      prompt_sent: answer.prompt_sent ?? template,
      answer: answer.text,
      analysis_core: parsed.analysis_core,
      decision_signals: signals,
      rationale_anchors: parsed.rationale_anchors,
      sections_found: parsed.sections_found,
      question_keys: questions.map((q) => q.key),
      offline: runner.usage.offline,
      model: runner.usage.model,
      tokens_in: insight.tokens_in,
      tokens_out: insight.tokens_out,
      cost: insight.cost,
    };
  }

  /** Cross-field and reference rules of a prompt (400 for shape, 422 for references). */
  private async checked(user: AuthUser, values: PromptValues): Promise<PromptValues> {
    const errors: FieldError[] = [];
    if (values.type === 'base') {
      if (values.template.trim() === '') {
        errors.push({ path: 'template', message: 'a base prompt needs a template' });
      }
      if (values.workflow_id !== null) {
        errors.push({ path: 'workflow_id', message: 'only workflow prompts point to a workflow' });
      }
    } else if (values.workflow_id === null) {
      errors.push({ path: 'workflow_id', message: 'a workflow prompt needs workflow_id' });
    }
    if (errors.length > 0) throw new ValidationFailedError('The prompt is invalid.', errors);

    if (values.workflow_id !== null) {
      // only one's own workflow (for a system prompt: the administrator's)
      await this.workflows.requireOwn(user.id, values.workflow_id).catch(() => {
        throw new UnprocessableError(
          `Workflow ${values.workflow_id} does not exist or is not yours.`,
          'WORKFLOW_NOT_FOUND',
        );
      });
    }
    await this.resolveQuestions(values.default_question_keys, 'default_question_keys');
    const catalog = new Set(this.data.placeholderCatalog().map((entry) => entry.key));
    const unknown = placeholderKeysOf(values.template).filter((key) => !catalog.has(key));
    if (unknown.length > 0) {
      throw new UnprocessableError(
        `Unknown data placeholders: ${unknown.join(', ')}.`,
        'PLACEHOLDER_UNKNOWN',
        {
          extensions: { unknown_placeholders: unknown },
          hint: 'GET /api/prompts/placeholders lists every placeholder.',
        },
      );
    }
    return { ...values, default_question_keys: [...new Set(values.default_question_keys)] };
  }

  private async resolveQuestions(keys: string[], path: string): Promise<QuestionCatalogEntry[]> {
    const unique = [...new Set(keys)];
    const found = await this.questions.findByKeys(unique);
    const byKey = new Map(found.map((entry) => [entry.key, entry]));
    const missing = unique.filter((key) => !byKey.has(key));
    if (missing.length > 0) {
      throw new UnprocessableError(
        `Unknown questions: ${missing.join(', ')}.`,
        'QUESTION_NOT_FOUND',
        {
          extensions: { unknown_question_keys: missing },
          errors: [{ path, message: 'unknown key' }],
        },
      );
    }
    return unique.map((key) => byKey.get(key) as QuestionCatalogEntry);
  }

  private unique(slug: string, write: () => Promise<PromptRow>): Promise<PromptRow> {
    return mapUniqueViolations(promptConflicts(slug), write);
  }

  private async requireVisible(user: AuthUser, id: string): Promise<PromptRow> {
    const row = await this.prompts.findVisible(user.id, id);
    if (!row) throw new NotFoundError('Prompt', id);
    return row;
  }

  /** Own prompts; system prompts for admins (403 for users); others' prompts 404. */
  private async requireWritable(user: AuthUser, id: string): Promise<PromptRow> {
    const row = await this.requireVisible(user, id);
    if (row.is_system && !isAdmin(user)) {
      throw new ForbiddenError(
        'Only administrators change system prompts.',
        'SYSTEM_PROMPT_ADMIN_ONLY',
      );
    }
    return row;
  }
}

/** The response of one prompt, carrying its version as the ETag. */
function tagged(row: PromptRow): PromptResponse {
  return withEntityTag(toPromptResponse(row), row.row_version);
}
