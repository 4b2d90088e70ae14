import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workflow engine, prompts, question catalog and insights (issue #10).
 *
 * - `workflow_definitions.graph` holds the graph JSON exactly as submitted (including
 *   `inline_template`), so graphs stored without it load unchanged.
 * - `workflow_executions.graph` is a snapshot of the graph that ran, so a resume re-runs
 *   exactly that graph even after the definition was edited.
 * - Prompts: system prompts have no owner; user prompts belong to one user. Slugs are unique
 *   among system prompts and per owner; a user's own prompt shadows a system prompt of the
 *   same slug.
 */
export class Workflow1775692805000 implements MigrationInterface {
  name = 'Workflow1775692805000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE workflow_question_catalog (
        key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{0,63}$'),
        question text NOT NULL CHECK (length(question) BETWEEN 1 AND 1000),
        answer_type text NOT NULL CHECK (answer_type IN ('enum', 'number', 'boolean', 'text')),
        allowed_values jsonb CHECK (allowed_values IS NULL OR jsonb_typeof(allowed_values) = 'array'),
        synonyms jsonb CHECK (synonyms IS NULL OR jsonb_typeof(synonyms) = 'object'),
        unit text CHECK (unit IS NULL OR length(unit) BETWEEN 1 AND 32),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT workflow_question_catalog_enum_values CHECK (
          answer_type <> 'enum'
          OR (allowed_values IS NOT NULL AND jsonb_array_length(allowed_values) > 0))
      )`);

    await q.query(`
      CREATE TABLE workflow_definitions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description text CHECK (description IS NULL OR length(description) <= 2000),
        graph jsonb NOT NULL CHECK (jsonb_typeof(graph) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX workflow_definitions_owner_idx ON workflow_definitions (owner_id, created_at)`,
    );

    await q.query(`
      CREATE TABLE prompts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        description text CHECK (description IS NULL OR length(description) <= 2000),
        type text NOT NULL CHECK (type IN ('base', 'workflow')),
        template text NOT NULL DEFAULT '' CHECK (length(template) <= 50000),
        default_question_keys text[] NOT NULL DEFAULT '{}',
        workflow_id uuid REFERENCES workflow_definitions(id) ON DELETE RESTRICT,
        is_system boolean NOT NULL DEFAULT false,
        owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT prompts_owner_check CHECK (is_system = (owner_id IS NULL)),
        CONSTRAINT prompts_workflow_check CHECK (
          (type = 'workflow' AND workflow_id IS NOT NULL)
          OR (type = 'base' AND workflow_id IS NULL)),
        CONSTRAINT prompts_base_template_check CHECK (type <> 'base' OR length(btrim(template)) > 0)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX prompts_system_slug_key ON prompts (slug) WHERE owner_id IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX prompts_owner_slug_key ON prompts (owner_id, slug) WHERE owner_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX prompts_workflow_idx ON prompts (workflow_id)`);

    await q.query(`
      CREATE TABLE workflow_executions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workflow_id uuid NOT NULL REFERENCES workflow_definitions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        prompt_id uuid REFERENCES prompts(id) ON DELETE SET NULL,
        status text NOT NULL CHECK (status IN ('running', 'completed', 'partial', 'failed')),
        graph jsonb NOT NULL,
        result jsonb,
        output text,
        model text,
        offline boolean NOT NULL DEFAULT false,
        resumed_at timestamptz,
        tokens_in integer NOT NULL DEFAULT 0 CHECK (tokens_in >= 0),
        tokens_out integer NOT NULL DEFAULT 0 CHECK (tokens_out >= 0),
        cost numeric(14,6) NOT NULL DEFAULT 0 CHECK (cost >= 0),
        started_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz,
        CONSTRAINT workflow_executions_result_check CHECK (status = 'running' OR result IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX workflow_executions_workflow_idx ON workflow_executions (workflow_id, started_at)`,
    );
    await q.query(
      `CREATE INDEX workflow_executions_owner_idx ON workflow_executions (owner_id, started_at)`,
    );

    await q.query(`
      CREATE TABLE insights (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        prompt_id uuid REFERENCES prompts(id) ON DELETE SET NULL,
        workflow_execution_id uuid REFERENCES workflow_executions(id) ON DELETE SET NULL,
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
        content text NOT NULL,
        analysis_core text,
        decision_signals jsonb,
        offline boolean NOT NULL DEFAULT false,
        model text,
        tokens_in integer NOT NULL DEFAULT 0 CHECK (tokens_in >= 0),
        tokens_out integer NOT NULL DEFAULT 0 CHECK (tokens_out >= 0),
        cost numeric(14,6) NOT NULL DEFAULT 0 CHECK (cost >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX insights_owner_idx ON insights (owner_id, created_at)`);

    await q.query(`
      INSERT INTO workflow_question_catalog (key, question, answer_type, allowed_values, synonyms, unit) VALUES
        ('risk', 'Wie hoch ist das gesundheitliche Risiko insgesamt? / Overall health risk?',
          'enum', '["low", "medium", "high"]',
          '{"low": ["niedrig", "gering", "klein"], "medium": ["mittel", "moderat", "moderate"], "high": ["hoch", "erhöht", "elevated"]}',
          NULL),
        ('weight_trend', 'Wie entwickelt sich das Körpergewicht in den letzten 30 Tagen? / Weight trend over the last 30 days?',
          'enum', '["down", "stable", "up"]',
          '{"down": ["fallend", "sinkend", "abnehmend", "decreasing", "falling"], "stable": ["stabil", "gleichbleibend", "konstant", "unchanged"], "up": ["steigend", "zunehmend", "increasing", "rising"]}',
          NULL),
        ('calorie_balance', 'Wie ist die Energiebilanz im Schnitt der letzten 7 Tage? / Average energy balance over 7 days?',
          'enum', '["deficit", "balanced", "surplus"]',
          '{"deficit": ["defizit", "kaloriendefizit", "negativ"], "balanced": ["ausgeglichen", "neutral", "balance"], "surplus": ["überschuss", "kalorienüberschuss", "positiv"]}',
          NULL),
        ('training_load_high', 'Ist die Trainingsbelastung der letzten 7 Tage im Verhältnis zu den letzten 28 Tagen zu hoch? / Is the acute training load too high?',
          'boolean', NULL, NULL, NULL),
        ('protein_sufficient', 'Ist die Eiweißzufuhr ausreichend (mindestens 1,6 g je kg Körpergewicht)? / Is protein intake sufficient?',
          'boolean', NULL, NULL, NULL),
        ('weight_change_kg', 'Wie stark hat sich das Gewicht in den letzten 30 Tagen verändert? / Weight change over 30 days?',
          'number', NULL, NULL, 'kg'),
        ('recommendation', 'Was ist die wichtigste Empfehlung in einem Satz? / Most important recommendation in one sentence?',
          'text', NULL, NULL, NULL)`);

    await q.query(`
      INSERT INTO prompts (slug, name, description, type, template, default_question_keys, is_system) VALUES
        ('weight-check', 'Gewichtsverlauf', 'Bewertet den Gewichtsverlauf der letzten Wochen.', 'base',
          E'Du bist ein sachlicher Gesundheitscoach.\\nAktuelles Gewicht: {{weight.latest}} kg.\\nVeränderung über 30 Tage: {{weight.change_30d}} kg.\\nZielgewicht: {{weight.goal}} kg, BMI: {{profile.bmi}}.\\n\\nBewerte den Gewichtsverlauf.',
          '{weight_trend,weight_change_kg,risk}', true),
        ('nutrition-check', 'Ernährung', 'Bewertet Energie- und Eiweißzufuhr der letzten 7 Tage.', 'base',
          E'Du bist eine sachliche Ernährungsberaterin.\\nDurchschnittliche Energiezufuhr (7 Tage): {{nutrition.avg_kcal_7d}} kcal.\\nDurchschnittliche Eiweißzufuhr (7 Tage): {{nutrition.avg_protein_g_7d}} g ({{nutrition.protein_g_per_kg_7d}} g/kg).\\nGewichtsveränderung über 7 Tage: {{weight.change_7d}} kg.\\n\\nBewerte die Ernährung.',
          '{calorie_balance,protein_sufficient,risk}', true),
        ('training-load', 'Trainingsbelastung', 'Bewertet das Verhältnis von akuter zu chronischer Belastung.', 'base',
          E'Du bist ein sachlicher Trainingsberater.\\nEinheiten (7 Tage): {{activity.sessions_7d}}, Belastung (7 Tage): {{activity.load_7d}} AU.\\nVerhältnis akut zu chronisch (ACWR): {{activity.acwr}}.\\nRuhepuls: {{vitals.resting_hr.latest}} bpm.\\n\\nBewerte die Trainingsbelastung.',
          '{training_load_high,risk,recommendation}', true)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS insights');
    await q.query('DROP TABLE IF EXISTS workflow_executions');
    await q.query('DROP TABLE IF EXISTS prompts');
    await q.query('DROP TABLE IF EXISTS workflow_definitions');
    await q.query('DROP TABLE IF EXISTS workflow_question_catalog');
  }
}
