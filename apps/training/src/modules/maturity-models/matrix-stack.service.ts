import { Injectable } from '@nestjs/common';
import { FieldError, UnprocessableError } from '@sports/common';
import {
  MATRIX_STACK_FORMAT,
  MatrixStackDocument,
  MatrixStackImportResponse,
} from './dto/matrix-stack.dto';
import { MaturityModelsRepository } from './maturity-models.repository';

/** What an import receives (exported_at is informative only). */
export type MatrixStackInput = Omit<MatrixStackDocument, 'exported_at'> & { exported_at?: string };

const dupes = <T>(items: T[], key: (t: T) => string, path: string, errors: FieldError[]): void => {
  const seen = new Set<string>();
  items.forEach((it, i) => {
    const k = key(it);
    if (seen.has(k)) errors.push({ path: `${path}.${i}`, message: `duplicate ${k}` });
    seen.add(k);
  });
};

/**
 * The matrix stack `service.matrix_stack.v1`: skill categories, skills, maturity models (levels,
 * skills, level descriptions, legacy focus areas) and bindings, all referenced by slug so a
 * stack moves between installations. Export is deterministic (sorted by slug); import checks
 * the format id and every reference first, then upserts by slug in one transaction: categories
 * and skills are inserted or updated, each imported model's content and bindings are replaced.
 * Entries absent from the document are left as they are, so importing twice changes nothing.
 */
@Injectable()
export class MatrixStackService {
  constructor(private readonly repo: MaturityModelsRepository) {}

  async export(): Promise<MatrixStackDocument> {
    const stack = await this.repo.exportStack();
    return { format: MATRIX_STACK_FORMAT, exported_at: new Date().toISOString(), ...stack };
  }

  async import(doc: MatrixStackInput): Promise<MatrixStackImportResponse> {
    if (doc.format !== MATRIX_STACK_FORMAT) {
      throw new UnprocessableError(
        `Unknown format ${JSON.stringify(doc.format)}; expected ${MATRIX_STACK_FORMAT}.`,
        'UNKNOWN_FORMAT',
        { errors: [{ path: 'format', message: `must be ${MATRIX_STACK_FORMAT}` }] },
      );
    }
    await this.validate(doc);
    await this.repo.dataSource.transaction(async (m) => {
      await this.repo.upsertCategories(m, doc.skill_categories);
      await this.repo.upsertSkills(m, doc.skills);
      for (const model of doc.models) {
        const id = await this.repo.upsertModel(m, model);
        await this.repo.clearModelContent(m, id);
        await this.repo.replaceLevels(m, id, model.levels);
        await this.repo.insertSkillsBySlug(m, id, model.skills);
        await this.repo.insertCellsBySlug(m, id, model.level_descriptions);
        await this.repo.replaceLegacyBySlug(m, id, model.legacy_focus_area_slugs ?? []);
      }
      await this.repo.insertBindingsBySlug(m, doc.bindings);
    });
    return {
      format: MATRIX_STACK_FORMAT,
      skill_categories: doc.skill_categories.length,
      skills: doc.skills.length,
      models: doc.models.length,
      bindings: doc.bindings.length,
    };
  }

  /** Every reference must resolve, in the document or in the database; all errors at once. */
  private async validate(doc: MatrixStackInput): Promise<void> {
    const errors: FieldError[] = [];
    dupes(doc.skill_categories, (c) => c.slug, 'skill_categories', errors);
    dupes(doc.skills, (s) => s.slug, 'skills', errors);
    dupes(doc.models, (m) => m.slug, 'models', errors);
    dupes(
      doc.bindings,
      (b) =>
        [
          b.model_slug,
          b.focus_area_slug,
          b.style_direction_slug,
          b.training_style_slug,
          b.training_type_slug,
        ]
          .map((v) => v ?? '*')
          .join('/'),
      'bindings',
      errors,
    );
    const categorySlugs = doc.skills
      .map((s) => s.skill_category_slug)
      .filter((v): v is string => !!v);
    const dbCategories = await this.repo.slugMap('skill_categories', categorySlugs);
    const fileCategories = new Set(doc.skill_categories.map((c) => c.slug));
    doc.skills.forEach((s, i) => {
      const c = s.skill_category_slug;
      if (c && !fileCategories.has(c) && !dbCategories.has(c)) {
        errors.push({
          path: `skills.${i}.skill_category_slug`,
          message: `unknown skill category ${c}`,
        });
      }
    });
    const fileSkills = new Set(doc.skills.map((s) => s.slug));
    const dbSkills = await this.repo.slugMap(
      'skills',
      doc.models.flatMap((m) => m.skills.map((s) => s.skill_slug)),
    );
    const legacy = await this.repo.slugMap(
      'focus_areas',
      doc.models.flatMap((m) => m.legacy_focus_area_slugs ?? []),
    );
    doc.models.forEach((model, mi) => {
      const p = `models.${mi}`;
      dupes(model.levels, (l) => String(l.level), `${p}.levels`, errors);
      dupes(model.skills, (s) => s.skill_slug, `${p}.skills`, errors);
      dupes(
        model.level_descriptions,
        (d) => `${d.skill_slug}:${d.level}`,
        `${p}.level_descriptions`,
        errors,
      );
      const own = new Set(model.skills.map((s) => s.skill_slug));
      model.skills.forEach((s, i) => {
        if (!fileSkills.has(s.skill_slug) && !dbSkills.has(s.skill_slug)) {
          errors.push({
            path: `${p}.skills.${i}.skill_slug`,
            message: `unknown skill ${s.skill_slug}`,
          });
        }
      });
      model.level_descriptions.forEach((d, i) => {
        if (!own.has(d.skill_slug)) {
          errors.push({
            path: `${p}.level_descriptions.${i}.skill_slug`,
            message: `${d.skill_slug} is not a skill of this model`,
          });
        }
      });
      (model.legacy_focus_area_slugs ?? []).forEach((f, i) => {
        if (!legacy.has(f))
          errors.push({
            path: `${p}.legacy_focus_area_slugs.${i}`,
            message: `unknown focus area ${f}`,
          });
      });
    });
    const models = new Set(doc.models.map((m) => m.slug));
    const catalogs = [
      ['focus_area_slug', 'focus_areas'],
      ['style_direction_slug', 'style_directions'],
      ['training_style_slug', 'training_styles'],
      ['training_type_slug', 'training_types'],
    ] as const;
    const known = new Map<string, Map<string, string>>();
    for (const [field, table] of catalogs) {
      known.set(
        field,
        await this.repo.slugMap(
          table,
          doc.bindings.map((b) => b[field]).filter((v): v is string => !!v),
        ),
      );
    }
    doc.bindings.forEach((b, i) => {
      if (!models.has(b.model_slug)) {
        errors.push({
          path: `bindings.${i}.model_slug`,
          message: `model ${b.model_slug} is not in the document`,
        });
      }
      for (const [field] of catalogs) {
        const v = b[field];
        if (v && !known.get(field)!.has(v))
          errors.push({ path: `bindings.${i}.${field}`, message: `unknown ${v}` });
      }
    });
    if (errors.length) {
      throw new UnprocessableError(
        'The matrix stack has invalid references; nothing was imported.',
        'INVALID_MATRIX_STACK',
        {
          errors,
        },
      );
    }
  }
}
