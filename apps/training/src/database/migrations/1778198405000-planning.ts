import { MigrationInterface, QueryRunner } from 'typeorm';

const VISIBILITY = `
  visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'club', 'official')),
  club_id uuid REFERENCES clubs(id) ON DELETE CASCADE,
  owner_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,`;

const NAME = `name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  description text CHECK (description IS NULL OR length(description) <= 20000),`;

const STAMPS = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

/**
 * Planning (issue 6): plan templates, framework programs with slots (each slot's blueprint is a
 * training unit with `framework_slot_id`), training units with sections and items (shared by
 * templates and units), the unit media link table, training programs, progression graphs and
 * edges, trainer contexts, maturity models (levels, skills, level descriptions, context
 * bindings, the legacy focus-area assignment) and the wiki import (jobs, logs, page mapping).
 *
 * Catalog references use ON DELETE SET NULL / CASCADE so that deleting a catalog entry never
 * fails on a planning row; exercise references have no ON DELETE action (NO ACTION): the
 * exercises module asks the usage registry first and answers 409, the FK is the backstop.
 */
export class Planning1778198405000 implements MigrationInterface {
  name = 'Planning1778198405000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plan_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${NAME}
        ${VISIBILITY}
        ${STAMPS},
        CHECK ((visibility = 'club') = (club_id IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX plan_templates_club_idx ON plan_templates (club_id) WHERE club_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX plan_templates_owner_idx ON plan_templates (owner_profile_id)`);

    await q.query(`
      CREATE TABLE framework_programs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${NAME}
        ${VISIBILITY}
        focus_area_id uuid REFERENCES focus_areas(id) ON DELETE SET NULL,
        style_direction_id uuid REFERENCES style_directions(id) ON DELETE SET NULL,
        training_type_ids uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(training_type_ids) <= 50),
        target_group_ids uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(target_group_ids) <= 50),
        ${STAMPS},
        CHECK ((visibility = 'club') = (club_id IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX framework_programs_club_idx ON framework_programs (club_id) WHERE club_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX framework_programs_owner_idx ON framework_programs (owner_profile_id)`,
    );
    await q.query(`
      CREATE TABLE framework_slots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        program_id uuid NOT NULL REFERENCES framework_programs(id) ON DELETE CASCADE,
        position int NOT NULL CHECK (position BETWEEN 0 AND 10000),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
        week int CHECK (week IS NULL OR week BETWEEN 1 AND 520),
        notes text CHECK (notes IS NULL OR length(notes) <= 20000),
        ${STAMPS}
      )`);
    await q.query(
      `CREATE INDEX framework_slots_program_idx ON framework_slots (program_id, position)`,
    );

    await q.query(`
      CREATE TABLE training_units (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
        notes text CHECK (notes IS NULL OR length(notes) <= 20000),
        club_id uuid REFERENCES clubs(id) ON DELETE CASCADE,
        group_id uuid REFERENCES groups(id) ON DELETE SET NULL,
        starts_at timestamptz,
        duration_minutes int CHECK (duration_minutes IS NULL OR duration_minutes BETWEEN 0 AND 1440),
        lead_trainer_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        assistant_trainer_profile_ids uuid[] CHECK (assistant_trainer_profile_ids IS NULL OR cardinality(assistant_trainer_profile_ids) <= 20),
        plan_template_id uuid REFERENCES plan_templates(id) ON DELETE SET NULL,
        framework_slot_id uuid UNIQUE REFERENCES framework_slots(id) ON DELETE CASCADE,
        origin_framework_slot_id uuid REFERENCES framework_slots(id) ON DELETE SET NULL,
        created_by_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        ${STAMPS},
        -- a blueprint belongs to its framework slot (library), every other unit to a club
        CHECK ((framework_slot_id IS NULL) = (club_id IS NOT NULL)),
        CHECK (framework_slot_id IS NULL OR (group_id IS NULL AND lead_trainer_profile_id IS NULL))
      )`);
    await q.query(
      `CREATE INDEX training_units_club_start_idx ON training_units (club_id, starts_at DESC, id) WHERE framework_slot_id IS NULL`,
    );
    await q.query(
      `CREATE INDEX training_units_group_idx ON training_units (group_id) WHERE group_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX training_units_lead_idx ON training_units (lead_trainer_profile_id) WHERE lead_trainer_profile_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX training_units_assistants_idx ON training_units USING gin (assistant_trainer_profile_ids)`,
    );
    await q.query(
      `CREATE INDEX training_units_origin_idx ON training_units (origin_framework_slot_id) WHERE origin_framework_slot_id IS NOT NULL`,
    );

    // Sections and items shared by plan templates and training units (blueprints included).
    await q.query(`
      CREATE TABLE plan_sections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        plan_template_id uuid REFERENCES plan_templates(id) ON DELETE CASCADE,
        training_unit_id uuid REFERENCES training_units(id) ON DELETE CASCADE,
        position int NOT NULL CHECK (position BETWEEN 0 AND 1000),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
        notes text CHECK (notes IS NULL OR length(notes) <= 20000),
        duration_minutes int CHECK (duration_minutes IS NULL OR duration_minutes BETWEEN 0 AND 1440),
        CHECK (num_nonnulls(plan_template_id, training_unit_id) = 1)
      )`);
    await q.query(
      `CREATE INDEX plan_sections_template_idx ON plan_sections (plan_template_id, position) WHERE plan_template_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX plan_sections_unit_idx ON plan_sections (training_unit_id, position) WHERE training_unit_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE plan_section_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        section_id uuid NOT NULL REFERENCES plan_sections(id) ON DELETE CASCADE,
        position int NOT NULL CHECK (position BETWEEN 0 AND 1000),
        exercise_id uuid REFERENCES exercises(id),
        exercise_variant_id uuid REFERENCES exercise_variants(id) ON DELETE SET NULL,
        title text CHECK (title IS NULL OR length(btrim(title)) BETWEEN 1 AND 200),
        notes text CHECK (notes IS NULL OR length(notes) <= 20000),
        duration_minutes int CHECK (duration_minutes IS NULL OR duration_minutes BETWEEN 0 AND 1440),
        CHECK (exercise_id IS NOT NULL OR title IS NOT NULL),
        CHECK (exercise_variant_id IS NULL OR exercise_id IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX plan_section_items_section_idx ON plan_section_items (section_id, position)`,
    );
    await q.query(
      `CREATE INDEX plan_section_items_exercise_idx ON plan_section_items (exercise_id) WHERE exercise_id IS NOT NULL`,
    );

    // Media of a unit. media_assets belongs to the media module (an earlier migration when
    // present); the FK is added only when that table exists so this migration also runs alone.
    await q.query(`
      CREATE TABLE training_unit_media (
        unit_id uuid NOT NULL REFERENCES training_units(id) ON DELETE CASCADE,
        media_asset_id uuid NOT NULL,
        position int NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 1000),
        PRIMARY KEY (unit_id, media_asset_id)
      )`);
    await q.query(
      `CREATE INDEX training_unit_media_asset_idx ON training_unit_media (media_asset_id)`,
    );
    await q.query(`
      DO $$ BEGIN
        IF to_regclass('media_assets') IS NOT NULL THEN
          ALTER TABLE training_unit_media ADD CONSTRAINT training_unit_media_asset_fk
            FOREIGN KEY (media_asset_id) REFERENCES media_assets(id) ON DELETE CASCADE;
        END IF;
      END $$`);

    await q.query(`
      CREATE TABLE training_programs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        club_id uuid NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
        group_id uuid REFERENCES groups(id) ON DELETE SET NULL,
        ${NAME}
        weeks int NOT NULL DEFAULT 1 CHECK (weeks BETWEEN 1 AND 104),
        starts_on date,
        created_by_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        ${STAMPS}
      )`);
    await q.query(`CREATE INDEX training_programs_club_idx ON training_programs (club_id)`);
    await q.query(`
      CREATE TABLE training_program_units (
        program_id uuid NOT NULL REFERENCES training_programs(id) ON DELETE CASCADE,
        unit_id uuid NOT NULL REFERENCES training_units(id) ON DELETE CASCADE,
        week int NOT NULL CHECK (week BETWEEN 1 AND 104),
        position int NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 1000),
        PRIMARY KEY (program_id, unit_id)
      )`);
    await q.query(
      `CREATE INDEX training_program_units_unit_idx ON training_program_units (unit_id)`,
    );

    await q.query(`
      CREATE TABLE progression_graphs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ${NAME}
        ${VISIBILITY}
        ${STAMPS},
        CHECK ((visibility = 'club') = (club_id IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX progression_graphs_club_idx ON progression_graphs (club_id) WHERE club_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX progression_graphs_owner_idx ON progression_graphs (owner_profile_id)`,
    );
    await q.query(`
      CREATE TABLE progression_edges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        graph_id uuid NOT NULL REFERENCES progression_graphs(id) ON DELETE CASCADE,
        edge_type text NOT NULL DEFAULT 'next_exercise' CHECK (edge_type IN ('next_exercise')),
        from_exercise_id uuid NOT NULL REFERENCES exercises(id),
        to_exercise_id uuid NOT NULL REFERENCES exercises(id),
        from_variant_id uuid REFERENCES exercise_variants(id) ON DELETE SET NULL,
        to_variant_id uuid REFERENCES exercise_variants(id) ON DELETE SET NULL,
        notes text CHECK (notes IS NULL OR length(notes) <= 5000),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (from_exercise_id <> to_exercise_id OR from_variant_id IS DISTINCT FROM to_variant_id)
      )`);
    await q.query(`
      CREATE UNIQUE INDEX progression_edges_key ON progression_edges (graph_id, edge_type,
        from_exercise_id, COALESCE(from_variant_id, '00000000-0000-0000-0000-000000000000'::uuid),
        to_exercise_id, COALESCE(to_variant_id, '00000000-0000-0000-0000-000000000000'::uuid))`);
    await q.query(
      `CREATE INDEX progression_edges_from_idx ON progression_edges (from_exercise_id)`,
    );
    await q.query(`CREATE INDEX progression_edges_to_idx ON progression_edges (to_exercise_id)`);

    await q.query(`
      CREATE TABLE trainer_contexts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        club_id uuid REFERENCES clubs(id) ON DELETE CASCADE,
        ${NAME}
        focus_area_id uuid REFERENCES focus_areas(id) ON DELETE SET NULL,
        style_direction_id uuid REFERENCES style_directions(id) ON DELETE SET NULL,
        training_style_id uuid REFERENCES training_styles(id) ON DELETE SET NULL,
        target_group_id uuid REFERENCES target_groups(id) ON DELETE SET NULL,
        group_id uuid REFERENCES groups(id) ON DELETE SET NULL,
        ${STAMPS}
      )`);
    await q.query(
      `CREATE UNIQUE INDEX trainer_contexts_name_key ON trainer_contexts (profile_id, lower(name))`,
    );

    // ---- maturity models ----
    await q.query(`
      CREATE TABLE maturity_models (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
        ${NAME}
        ${STAMPS},
        CONSTRAINT maturity_models_slug_key UNIQUE (slug)
      )`);
    await q.query(`
      CREATE TABLE maturity_model_levels (
        model_id uuid NOT NULL REFERENCES maturity_models(id) ON DELETE CASCADE,
        level smallint NOT NULL CHECK (level BETWEEN 1 AND 5),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        description text CHECK (description IS NULL OR length(description) <= 5000),
        PRIMARY KEY (model_id, level)
      )`);
    await q.query(`
      CREATE TABLE maturity_model_skills (
        model_id uuid NOT NULL REFERENCES maturity_models(id) ON DELETE CASCADE,
        skill_id uuid NOT NULL REFERENCES skills(id) ON DELETE CASCADE,
        position int NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 100000),
        PRIMARY KEY (model_id, skill_id)
      )`);
    await q.query(
      `CREATE INDEX maturity_model_skills_skill_idx ON maturity_model_skills (skill_id)`,
    );
    await q.query(`
      CREATE TABLE maturity_skill_level_descriptions (
        model_id uuid NOT NULL,
        skill_id uuid NOT NULL,
        level smallint NOT NULL CHECK (level BETWEEN 1 AND 5),
        description text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 5000),
        PRIMARY KEY (model_id, skill_id, level),
        FOREIGN KEY (model_id, skill_id) REFERENCES maturity_model_skills(model_id, skill_id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE maturity_model_bindings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        model_id uuid NOT NULL REFERENCES maturity_models(id) ON DELETE CASCADE,
        focus_area_id uuid REFERENCES focus_areas(id) ON DELETE CASCADE,
        style_direction_id uuid REFERENCES style_directions(id) ON DELETE CASCADE,
        training_style_id uuid REFERENCES training_styles(id) ON DELETE CASCADE,
        training_type_id uuid REFERENCES training_types(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT maturity_model_bindings_key UNIQUE NULLS NOT DISTINCT
          (model_id, focus_area_id, style_direction_id, training_style_id, training_type_id)
      )`);
    await q.query(
      `CREATE INDEX maturity_model_bindings_focus_idx ON maturity_model_bindings (focus_area_id)`,
    );
    // The legacy many-to-many assignment, used only for focus areas without any binding.
    await q.query(`
      CREATE TABLE maturity_model_focus_areas (
        model_id uuid NOT NULL REFERENCES maturity_models(id) ON DELETE CASCADE,
        focus_area_id uuid NOT NULL REFERENCES focus_areas(id) ON DELETE CASCADE,
        PRIMARY KEY (model_id, focus_area_id)
      )`);
    await q.query(
      `CREATE INDEX maturity_model_focus_areas_fa_idx ON maturity_model_focus_areas (focus_area_id)`,
    );

    // ---- wiki import ----
    await q.query(`
      CREATE TABLE wiki_import_jobs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_by_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        api_url text NOT NULL CHECK (length(api_url) <= 2000),
        params jsonb NOT NULL DEFAULT '{}'::jsonb,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        pages_total int NOT NULL DEFAULT 0,
        created_count int NOT NULL DEFAULT 0,
        updated_count int NOT NULL DEFAULT 0,
        unchanged_count int NOT NULL DEFAULT 0,
        failed_count int NOT NULL DEFAULT 0,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE wiki_import_logs (
        id bigserial PRIMARY KEY,
        job_id uuid NOT NULL REFERENCES wiki_import_jobs(id) ON DELETE CASCADE,
        level text NOT NULL CHECK (level IN ('info', 'warn', 'error')),
        page_id bigint,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX wiki_import_logs_job_idx ON wiki_import_logs (job_id, id)`);
    await q.query(`
      CREATE TABLE wiki_import_pages (
        api_url text NOT NULL,
        page_id bigint NOT NULL,
        exercise_id uuid REFERENCES exercises(id) ON DELETE CASCADE,
        title text NOT NULL,
        revision_id bigint,
        job_id uuid REFERENCES wiki_import_jobs(id) ON DELETE SET NULL,
        imported_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (api_url, page_id)
      )`);
    await q.query(`CREATE INDEX wiki_import_pages_exercise_idx ON wiki_import_pages (exercise_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'wiki_import_pages',
      'wiki_import_logs',
      'wiki_import_jobs',
      'maturity_model_focus_areas',
      'maturity_model_bindings',
      'maturity_skill_level_descriptions',
      'maturity_model_skills',
      'maturity_model_levels',
      'maturity_models',
      'trainer_contexts',
      'progression_edges',
      'progression_graphs',
      'training_program_units',
      'training_programs',
      'training_unit_media',
      'plan_section_items',
      'plan_sections',
      'training_units',
      'framework_slots',
      'framework_programs',
      'plan_templates',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
