import { Inject, Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  FieldError,
  IfMatch,
  mapUniqueViolations,
  NotFoundError,
  PageQuery,
  ResourceInUseError,
  ValidationFailedError,
  withEntityTag,
} from '@sports/common';
import type { QuestionCatalogEntry, QuestionCatalogLookup } from '@sports/workflow-engine';
import {
  CreateQuestionRequest,
  QuestionListResponse,
  QuestionResponse,
  toQuestionResponse,
  UpdateQuestionRequest,
} from './dto/question.dto';
import {
  QuestionCatalogRepository,
  QuestionRow,
  QuestionValues,
} from './question-catalog.repository';
import { questionConflicts } from './question-catalog.constraints';
import { WORKFLOW_PROMPT_SOURCE, WorkflowPromptSource } from './workflow-prompt-source';

/** The question catalog (../shared/spec/decisions.md §2): admins write, every signed-in user reads. */
@Injectable()
export class QuestionCatalogService implements QuestionCatalogLookup {
  constructor(
    private readonly questions: QuestionCatalogRepository,
    @Inject(WORKFLOW_PROMPT_SOURCE) private readonly prompts: WorkflowPromptSource,
  ) {}

  findByKeys(keys: readonly string[]): Promise<QuestionCatalogEntry[]> {
    return this.questions.findByKeys(keys);
  }

  async list(query: PageQuery): Promise<QuestionListResponse> {
    const { limit, offset } = query;
    const [rows, total] = await this.questions.list(limit, offset);
    return { items: rows.map(toQuestionResponse), total, limit, offset };
  }

  async get(key: string): Promise<QuestionResponse> {
    return tagged(await this.require(key));
  }

  async create(input: CreateQuestionRequest): Promise<QuestionResponse> {
    const values = checkEntry({
      key: input.key,
      question: input.question.trim(),
      answer_type: input.answer_type,
      allowed_values: input.allowed_values ?? null,
      synonyms: input.synonyms ?? null,
      unit: input.unit ?? null,
    });
    return tagged(
      await mapUniqueViolations(questionConflicts(input.key), () => this.questions.insert(values)),
    );
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  async update(
    key: string,
    input: UpdateQuestionRequest,
    ifMatch?: IfMatch,
  ): Promise<QuestionResponse> {
    const current = await this.require(key);
    assertIfMatch(ifMatch, current.row_version);
    const values = checkEntry({
      key,
      question: input.question?.trim() ?? current.question,
      answer_type: input.answer_type ?? current.answer_type,
      allowed_values:
        input.allowed_values !== undefined ? input.allowed_values : current.allowed_values,
      synonyms: input.synonyms !== undefined ? input.synonyms : current.synonyms,
      unit: input.unit !== undefined ? input.unit : current.unit,
    });
    return tagged(await this.questions.update(values, ifMatch));
  }

  /** 409 RESOURCE_IN_USE while a prompt or a workflow node asks this question. */
  async remove(key: string, ifMatch?: IfMatch): Promise<void> {
    assertIfMatch(ifMatch, (await this.require(key)).row_version);
    const [prompts, workflows] = await Promise.all([
      this.prompts.countUsingQuestion(key),
      this.questions.countWorkflowsUsing(key),
    ]);
    if (prompts + workflows > 0) {
      throw new ResourceInUseError(
        `Question "${key}" is used by ${prompts} prompt(s) and ${workflows} workflow(s).`,
        { extensions: { prompts, workflows } },
      );
    }
    await this.questions.delete(key, ifMatch);
  }

  private async require(key: string) {
    const row = await this.questions.find(key);
    if (!row) throw new NotFoundError('Question', key);
    return row;
  }
}

/** The response of one catalog entry, carrying its version as the ETag. */
function tagged(row: QuestionRow): QuestionResponse {
  return withEntityTag(toQuestionResponse(row), row.row_version);
}

/** Cross-field rules of a catalog entry; 400 listing each bad path. */
function checkEntry(values: QuestionValues): QuestionValues {
  const errors: FieldError[] = [];
  const allowed = values.allowed_values;
  if (values.answer_type === 'enum' && (!allowed || allowed.length === 0)) {
    errors.push({ path: 'allowed_values', message: 'an enum question needs allowed_values' });
  }
  if (allowed && new Set(allowed).size !== allowed.length) {
    errors.push({ path: 'allowed_values', message: 'allowed_values must be unique' });
  }
  if (values.answer_type !== 'number' && values.unit) {
    errors.push({ path: 'unit', message: 'only number questions have a unit' });
  }
  if (values.synonyms) {
    for (const [canonical, words] of Object.entries(values.synonyms)) {
      const path = `synonyms.${canonical}`;
      if (!Array.isArray(words) || !words.every((w) => typeof w === 'string' && w.trim() !== '')) {
        errors.push({ path, message: 'synonyms must map a value to a list of words' });
      } else if (values.answer_type === 'enum' && allowed && !allowed.includes(canonical)) {
        errors.push({ path, message: `"${canonical}" is not one of allowed_values` });
      }
    }
  }
  if (errors.length > 0) throw new ValidationFailedError('The question is invalid.', errors);
  return values;
}
