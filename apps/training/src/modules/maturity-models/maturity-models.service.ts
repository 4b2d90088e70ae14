import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  FieldError,
  type IfMatch,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  PageQuery,
  UnprocessableError,
  withEntityTag,
  writeIfChanged,
  type WriteTarget,
} from '@sports/common';
import type { EntityManager } from 'typeorm';
import type {
  BindingListResponse,
  BindingRequest,
  BindingResponse,
  CreateMaturityModelRequest,
  LegacyFocusAreasRequest,
  LevelRequest,
  LevelsRequest,
  MatrixCellsRequest,
  MaturityModelListResponse,
  MaturityModelResponse,
  MaturityModelSummary,
  ModelExportDocument,
  ModelSkillsRequest,
  ResolveQuery,
  ResolveResponse,
  UpdateMaturityModelRequest,
} from './dto/maturity-model.dto';
import { MODEL_FORMAT } from './dto/maturity-model.dto';
import { MATRIX_STACK_FORMAT } from './dto/matrix-stack.dto';
import { MatrixStackService } from './matrix-stack.service';
import { duplicateModelSlug, MATURITY_MODEL_CONFLICTS } from './maturity-models.constraints';
import { BindingRow, MaturityModelsRepository, ModelRow } from './maturity-models.repository';
import { mergeCells, rankModels, ResolveContext } from './maturity-resolve';

function assertLevels(levels: LevelRequest[], path = 'levels'): void {
  const seen = new Set<number>();
  const errors: FieldError[] = [];
  levels.forEach((l, i) => {
    if (seen.has(l.level)) errors.push({ path: `${path}.${i}.level`, message: 'listed twice' });
    seen.add(l.level);
  });
  if (errors.length)
    throw new UnprocessableError('Levels must be unique.', 'INVALID_LEVELS', { errors });
}

/**
 * Maturity models: levels 1–5, model skills, skill level descriptions (the matrix), context
 * bindings to any subset of focus area, style direction and training style (optionally
 * qualified by a training type), the legacy focus-area assignment, resolve and JSON
 * export/import per model. Everybody signed in reads; platform admins write (route roles).
 */
@Injectable()
export class MaturityModelsService {
  constructor(
    private readonly repo: MaturityModelsRepository,
    private readonly stack: MatrixStackService,
  ) {}

  async list(query: PageQuery): Promise<MaturityModelListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.list(page);
    return { items: rows.map(toSummary), total, ...page };
  }

  /**
   * The model with its content; its entity tag is the model row's version, which every write
   * of the model or its content (levels, skills, matrix, bindings, focus areas) changes.
   */
  async get(id: string): Promise<MaturityModelResponse> {
    const model = await this.findOrFail(id);
    const c = await this.repo.content([id]);
    const response: MaturityModelResponse = {
      ...toSummary(model),
      levels: c.levels.map(({ model_id: _m, ...l }) => l),
      skills: c.skills.map(({ model_id: _m, ...s }) => s),
      level_descriptions: c.cells.map((d) => ({
        skill_id: d.skill_id,
        level: d.level,
        description: d.description,
      })),
      bindings: c.bindings.map(toBinding),
      legacy_focus_area_ids: c.legacy.map((l) => l.focus_area_id),
    };
    return withEntityTag(response, model.row_version);
  }

  async create(body: CreateMaturityModelRequest): Promise<MaturityModelResponse> {
    if (await this.repo.slugTaken(body.slug, null)) throw duplicateModelSlug(body.slug);
    assertLevels(body.levels ?? []);
    const id = await this.write(async (m) => {
      const newId = await this.repo.insert(m, {
        slug: body.slug,
        name: body.name,
        description: body.description ?? null,
      });
      await this.repo.replaceLevels(m, newId, body.levels ?? []);
      return newId;
    });
    return this.get(id);
  }

  /**
   * This write and those of the model's content below: with If-Match only the version it names
   * is changed (checked on the locked model row; 412 otherwise, nothing written).
   */
  async update(
    { id, ifMatch }: WriteTarget,
    body: UpdateMaturityModelRequest,
  ): Promise<MaturityModelResponse> {
    if (body.levels) assertLevels(body.levels);
    await this.write(async (m) => {
      const current = await this.lockedOrFail(m, id, ifMatch);
      const slug = body.slug ?? current.slug;
      if (slug !== current.slug && (await this.repo.slugTaken(slug, id))) {
        throw duplicateModelSlug(slug);
      }
      const levels = body.levels;
      const levelsChanged =
        !!levels &&
        (await writeIfChanged(
          m,
          () => this.repo.content([id], m),
          () => this.repo.replaceLevels(m, id, levels),
        ));
      await this.repo.update(
        m,
        id,
        {
          slug,
          name: body.name ?? current.name,
          description: body.description !== undefined ? body.description : current.description,
        },
        levelsChanged,
      );
    });
    return this.get(id);
  }

  async remove({ id, ifMatch }: WriteTarget): Promise<void> {
    await this.write(async (m) => {
      await this.lockedOrFail(m, id, ifMatch);
      await this.repo.delete(m, id);
    });
  }

  async setLevels(
    { id, ifMatch }: WriteTarget,
    body: LevelsRequest,
  ): Promise<MaturityModelResponse> {
    assertLevels(body.levels);
    await this.writePart(id, ifMatch, (m) => this.repo.replaceLevels(m, id, body.levels), true);
    return this.get(id);
  }

  async setSkills(
    { id, ifMatch }: WriteTarget,
    body: ModelSkillsRequest,
  ): Promise<MaturityModelResponse> {
    assertIfMatch(ifMatch, (await this.findOrFail(id)).row_version);
    const ids = body.skills.map((s) => s.skill_id.toLowerCase());
    const unknown = await this.repo.unknownIds('skills', ids);
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    ids.forEach((sid, i) => {
      if (unknown.has(sid)) errors.push({ path: `skills.${i}.skill_id`, message: 'unknown skill' });
      if (seen.has(sid)) errors.push({ path: `skills.${i}.skill_id`, message: 'listed twice' });
      seen.add(sid);
    });
    if (errors.length) throw new UnprocessableError('Invalid skills.', 'UNKNOWN_SKILL', { errors });
    await this.writePart(id, ifMatch, (m) => this.repo.replaceSkills(m, id, ids), true);
    return this.get(id);
  }

  /** Matrix maintenance: upserts (or with description null removes) skill level descriptions. */
  async setCells(
    { id, ifMatch }: WriteTarget,
    body: MatrixCellsRequest,
  ): Promise<MaturityModelResponse> {
    await this.write(async (m) => {
      await this.lockedOrFail(m, id, ifMatch);
      const skills = await this.repo.modelSkillIds(id, m);
      const errors: FieldError[] = [];
      const seen = new Set<string>();
      body.cells.forEach((c, i) => {
        if (!skills.has(c.skill_id.toLowerCase())) {
          errors.push({ path: `cells.${i}.skill_id`, message: 'not a skill of this model' });
        }
        const key = `${c.skill_id.toLowerCase()}:${c.level}`;
        if (seen.has(key)) errors.push({ path: `cells.${i}`, message: 'listed twice' });
        seen.add(key);
      });
      if (errors.length) {
        throw new UnprocessableError('Invalid matrix cells.', 'INVALID_MATRIX_CELL', { errors });
      }
      const changed = await writeIfChanged(
        m,
        () => this.repo.content([id], m),
        () => this.repo.writeCells(m, id, body.cells),
      );
      if (changed) await this.repo.touch(m, id);
    });
    return this.get(id);
  }

  // ---- context bindings ----

  async listBindings(id: string, query: PageQuery): Promise<BindingListResponse> {
    await this.findOrFail(id);
    const page = pageOf(query);
    const { rows, total } = await this.repo.bindingsOf(id, page);
    return { items: rows.map(toBinding), total, ...page };
  }

  /** The binding with its own version as entity tag. */
  async getBinding(id: string, bindingId: string): Promise<BindingResponse> {
    await this.findOrFail(id);
    const row = await this.repo.findBinding(id, bindingId);
    if (!row) throw bindingNotFound(bindingId)();
    return withEntityTag(toBinding(row), row.row_version);
  }

  /**
   * Binding writes lock the model first (the order every model write locks in) and touch it:
   * the model lists its bindings, so its version changes with them.
   */
  async addBinding(id: string, body: BindingRequest): Promise<BindingResponse> {
    await this.findOrFail(id);
    const b = await this.checkedBinding(body, null);
    const bindingId = await this.writePart(id, undefined, (m) => this.repo.insertBinding(m, id, b));
    return this.getBinding(id, bindingId);
  }

  /**
   * Changes the dimensions sent (null clears one); the others stay as they are. With If-Match
   * only the binding version it names (checked in the UPDATE; 412 otherwise).
   */
  async updateBinding(
    id: string,
    { id: bindingId, ifMatch }: WriteTarget,
    body: BindingRequest,
  ): Promise<BindingResponse> {
    await this.findOrFail(id);
    const current = await this.repo.findBinding(id, bindingId);
    if (!current) throw bindingNotFound(bindingId)();
    assertIfMatch(ifMatch, current.row_version);
    const b = await this.checkedBinding(body, toBinding(current));
    await this.writeBinding(id, bindingId, (m, notFound) =>
      this.repo.updateBinding(m, id, bindingId, b, ifMatch, notFound),
    );
    return this.getBinding(id, bindingId);
  }

  /** With If-Match only the binding version it names is deleted. */
  async removeBinding(id: string, { id: bindingId, ifMatch }: WriteTarget): Promise<void> {
    await this.writeBinding(id, bindingId, (m, notFound) =>
      this.repo.deleteBinding(m, id, bindingId, ifMatch, notFound),
    );
  }

  /** The binding's dimensions after `body` (sent fields over `current`), each one checked. */
  private async checkedBinding(
    body: BindingRequest,
    current: BindingResponse | null,
  ): Promise<Omit<BindingRow, 'id' | 'model_id'>> {
    const pick = (field: keyof BindingRequest): string | null => {
      const sent = body[field];
      return sent !== undefined ? (sent?.toLowerCase() ?? null) : (current?.[field] ?? null);
    };
    const b = {
      focus_area_id: pick('focus_area_id'),
      style_direction_id: pick('style_direction_id'),
      training_style_id: pick('training_style_id'),
      training_type_id: pick('training_type_id'),
    };
    const errors: FieldError[] = [];
    for (const [field, table] of [
      ['focus_area_id', 'focus_areas'],
      ['style_direction_id', 'style_directions'],
      ['training_style_id', 'training_styles'],
      ['training_type_id', 'training_types'],
    ] as const) {
      const v = b[field];
      if (v && (await this.repo.unknownIds(table, [v])).size) {
        errors.push({ path: field, message: 'unknown catalog entry' });
      }
    }
    if (errors.length) {
      throw new UnprocessableError('Unknown catalog entries.', 'UNKNOWN_CATALOG_ENTRY', { errors });
    }
    return b;
  }

  /** The legacy many-to-many assignment (used by resolve only for focus areas without bindings). */
  async setLegacyFocusAreas(
    { id, ifMatch }: WriteTarget,
    body: LegacyFocusAreasRequest,
  ): Promise<MaturityModelResponse> {
    assertIfMatch(ifMatch, (await this.findOrFail(id)).row_version);
    const unknown = await this.repo.unknownIds('focus_areas', body.focus_area_ids);
    if (unknown.size) {
      throw new UnprocessableError('Unknown focus areas.', 'UNKNOWN_CATALOG_ENTRY', {
        errors: body.focus_area_ids
          .map((f, i) => ({ f, i }))
          .filter(({ f }) => unknown.has(f))
          .map(({ i }) => ({ path: `focus_area_ids.${i}`, message: 'unknown focus area' })),
      });
    }
    await this.writePart(
      id,
      ifMatch,
      (m) => this.repo.replaceLegacy(m, id, body.focus_area_ids),
      true,
    );
    return this.get(id);
  }

  /**
   * Resolve (behaviour rule 11): every binding whose bound dimensions all equal the context
   * matches; models are ranked by `rankModels` (specificity, then the documented tie-breaks) and
   * their matrices merged cell by cell, the higher-ranked model winning. A training style
   * without a style direction implies its own direction.
   */
  async resolve(query: ResolveQuery): Promise<ResolveResponse> {
    const ctx: ResolveContext = {
      focus_area_id: query.focus_area_id ?? null,
      style_direction_id: query.style_direction_id ?? null,
      training_style_id: query.training_style_id ?? null,
      training_type_id: query.training_type_id ?? null,
    };
    if (ctx.training_style_id && !ctx.style_direction_id) {
      ctx.style_direction_id = await this.repo.directionOfStyle(ctx.training_style_id);
    }
    const candidates = await this.repo.candidates(ctx);
    const focusHas = ctx.focus_area_id
      ? await this.repo.focusAreaHasBindings(ctx.focus_area_id)
      : true;
    const legacy =
      ctx.focus_area_id && !focusHas ? await this.repo.legacyModels(ctx.focus_area_id) : [];
    const ranked = rankModels(ctx, candidates, legacy, focusHas);
    const ids = ranked.map((r) => r.model_id);
    const models = new Map((await this.repo.modelsByIds(ids)).map((m) => [m.id, m]));
    const content = await this.repo.content(ids);
    const rank = new Map(ids.map((id, i) => [id, i]));
    const levels = new Map<
      number,
      { level: number; name: string; description: string | null; model_id: string }
    >();
    for (const l of [...content.levels].sort(
      (a, b) => rank.get(a.model_id)! - rank.get(b.model_id)!,
    )) {
      if (!levels.has(l.level)) levels.set(l.level, l);
    }
    const merged = mergeCells(ids, content.cells);
    const skills = new Map<string, { skill_id: string; slug: string; name: string }>();
    for (const s of [...content.skills].sort(
      (a, b) => rank.get(a.model_id)! - rank.get(b.model_id)! || a.position - b.position,
    )) {
      if (!skills.has(s.skill_id))
        skills.set(s.skill_id, { skill_id: s.skill_id, slug: s.slug, name: s.name });
    }
    const matches = new Set(ranked.map((r) => r.match));
    return {
      context: { ...ctx },
      source:
        ranked.length === 0
          ? 'none'
          : matches.size === 2
            ? 'mixed'
            : matches.has('legacy')
              ? 'legacy'
              : 'bindings',
      models: ranked.map((r, i) => ({
        model_id: r.model_id,
        slug: r.model_slug,
        name: models.get(r.model_id)?.name ?? r.model_slug,
        rank: i + 1,
        match: r.match,
        binding_id: r.binding_id,
        specificity: r.specificity,
        bound: r.bound,
        training_type_bound: r.training_type_bound,
      })),
      levels: [...levels.values()].sort((a, b) => a.level - b.level),
      skills: [...skills.values()].map((s) => ({
        ...s,
        levels: [1, 2, 3, 4, 5]
          .map((level) => merged.get(`${s.skill_id}:${level}`))
          .filter((c): c is NonNullable<typeof c> => !!c)
          .map((c) => ({ level: c.level, description: c.description, model_id: c.model_id })),
      })),
    };
  }

  async exportModel(id: string): Promise<ModelExportDocument> {
    await this.findOrFail(id);
    const [model] = await this.repo.exportModels(id);
    const bindings = (await this.repo.exportBindings(id)).map(({ model_slug: _s, ...b }) => b);
    return { format: MODEL_FORMAT, exported_at: new Date().toISOString(), model, bindings };
  }

  /** Imports one model (idempotent by slug): its content and bindings are replaced. */
  async importModel(doc: ModelExportDocument): Promise<MaturityModelResponse> {
    await this.stack.import({
      format: MATRIX_STACK_FORMAT,
      skill_categories: [],
      skills: [],
      models: [doc.model],
      bindings: doc.bindings.map((b) => ({ ...b, model_slug: doc.model.slug })),
    });
    const row = await this.repo.findBySlug(doc.model.slug);
    return this.get(row!.id);
  }

  private async findOrFail(id: string): Promise<ModelRow> {
    const row = await this.repo.findById(id);
    if (!row) throw new NotFoundError('Maturity model', id);
    return row;
  }

  /** The model locked for the transaction; 412 unless `ifMatch` (when given) names its version. */
  private async lockedOrFail(m: EntityManager, id: string, ifMatch?: IfMatch): Promise<ModelRow> {
    const row = await this.repo.findForUpdate(m, id);
    if (!row) throw new NotFoundError('Maturity model', id);
    assertIfMatch(ifMatch, row.row_version);
    return row;
  }

  /**
   * A write of a part of model `id` (levels, skills, bindings, legacy focus areas): locks the
   * model (the order every model write locks in; with `ifMatch`, 412 unless it names the
   * model's version), runs `work`, then touches the model, whose version changes with its parts.
   * `unlessUnchanged`: a `work` that leaves the model's content as it was is undone and the
   * model not touched (`writeIfChanged`): it keeps its version.
   */
  private writePart<T>(
    id: string,
    ifMatch: IfMatch | undefined,
    work: (m: EntityManager) => Promise<T>,
    unlessUnchanged = false,
  ): Promise<T> {
    return this.write(async (m) => {
      await this.lockedOrFail(m, id, ifMatch);
      let result!: T;
      const run = async () => {
        result = await work(m);
      };
      const changed = unlessUnchanged
        ? await writeIfChanged(m, () => this.repo.content([id], m), run)
        : (await run(), true);
      if (changed) await this.repo.touch(m, id);
      return result;
    });
  }

  /**
   * A write of binding `bindingId` of model `id` (a part of the model, see `writePart`): `work`
   * answers false when the binding is gone (404, nothing written) and gets the binding's 404
   * for its own conditional write. A write that changes nothing leaves the binding and the
   * model as they are.
   */
  private writeBinding(
    id: string,
    bindingId: string,
    work: (m: EntityManager, notFound: () => Error) => Promise<boolean>,
  ): Promise<void> {
    const notFound = bindingNotFound(bindingId);
    return this.writePart(
      id,
      undefined,
      async (m) => {
        if (!(await work(m, notFound))) throw notFound();
      },
      true,
    );
  }

  /** One transaction; a slug or binding taken concurrently answers 409 like the pre-checks. */
  private write<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return mapUniqueViolations(MATURITY_MODEL_CONFLICTS, () =>
      this.repo.dataSource.transaction(work),
    );
  }
}

function toSummary(r: ModelRow): MaturityModelSummary {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

function toBinding(b: BindingRow): BindingResponse {
  return {
    id: b.id,
    model_id: b.model_id,
    focus_area_id: b.focus_area_id,
    style_direction_id: b.style_direction_id,
    training_style_id: b.training_style_id,
    training_type_id: b.training_type_id,
    specificity: [b.focus_area_id, b.style_direction_id, b.training_style_id].filter(Boolean)
      .length,
  };
}

const bindingNotFound = (id: string) => () => new NotFoundError('Maturity model binding', id);
