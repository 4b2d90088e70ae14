import { MigrationInterface, QueryRunner } from 'typeorm';

/** Catalog tables sharing one shape: slug, name, description, sort order. */
const CATALOGS = [
  'focus_areas',
  'style_directions',
  'training_styles',
  'training_types',
  'target_groups',
  'age_groups',
  'skill_categories',
  'training_characters',
];

function catalogTable(name: string, extra = ''): string {
  return `
    CREATE TABLE ${name} (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
      description text CHECK (description IS NULL OR length(description) <= 5000),
      sort_order int NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN -100000 AND 100000),
      ${extra}
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ${name}_slug_key UNIQUE (slug)
    )`;
}

const AGE_RANGE = `
  age_min int CHECK (age_min IS NULL OR age_min BETWEEN 0 AND 120),
  age_max int CHECK (age_max IS NULL OR age_max BETWEEN 0 AND 120),
  CHECK (age_min IS NULL OR age_max IS NULL OR age_min <= age_max),`;

/** (slug, name, description) rows of the seed. */
type Seed = [string, string, string | null];

const SEED: Record<string, Seed[]> = {
  focus_areas: [
    ['ausdauer', 'Ausdauer', 'Aerobe und anaerobe Ausdauer'],
    ['kraft', 'Kraft', 'Maximal-, Schnell- und Kraftausdauer'],
    ['schnelligkeit', 'Schnelligkeit', 'Aktions- und Reaktionsschnelligkeit'],
    ['koordination', 'Koordination', 'Gleichgewicht, Rhythmus, Orientierung'],
    ['beweglichkeit', 'Beweglichkeit', 'Dehnfähigkeit und Gelenkigkeit'],
    ['technik', 'Technik', 'Bewegungstechnik und Präzision'],
    ['taktik', 'Taktik', 'Spiel- und Kampfverständnis'],
    ['reaktion', 'Reaktion', 'Reaktion auf optische und akustische Signale'],
    ['mentale-staerke', 'Mentale Stärke', 'Konzentration, Selbstvertrauen, Wettkampfhärte'],
    ['teamfaehigkeit', 'Teamfähigkeit', 'Zusammenspiel und Kommunikation'],
  ],
  style_directions: [
    ['kampfsport', 'Kampfsport', 'Kampfkünste und Zweikampfsportarten'],
    ['ballsport', 'Ballsport', 'Mannschafts- und Rückschlagspiele'],
    ['leichtathletik', 'Leichtathletik', 'Laufen, Springen, Werfen'],
    ['turnen', 'Turnen', 'Gerätturnen und Akrobatik'],
    ['fitness', 'Fitness', 'Allgemeine Fitness und Gesundheitssport'],
  ],
  training_types: [
    ['techniktraining', 'Techniktraining', null],
    ['konditionstraining', 'Konditionstraining', null],
    ['wettkampfvorbereitung', 'Wettkampfvorbereitung', null],
    ['spielform', 'Spielform', null],
    ['regeneration', 'Regeneration', null],
    [
      'pruefungsvorbereitung',
      'Prüfungsvorbereitung',
      'Vorbereitung auf Gürtel- oder Leistungsprüfungen',
    ],
  ],
  skill_categories: [
    ['grundtechniken', 'Grundtechniken', null],
    ['kombinationen', 'Kombinationen', null],
    ['athletik', 'Athletik', null],
    ['spielfaehigkeit', 'Spielfähigkeit', null],
    ['kampffaehigkeit', 'Kampffähigkeit', null],
  ],
  training_characters: [
    ['spielerisch', 'Spielerisch', null],
    ['wettkampforientiert', 'Wettkampforientiert', null],
    ['technisch-praezise', 'Technisch-präzise', null],
    ['intensiv', 'Intensiv', null],
    ['regenerativ', 'Regenerativ', null],
  ],
};

/** training styles: (slug, name, style direction slug). */
const TRAINING_STYLES: [string, string, string][] = [
  ['karate', 'Karate', 'kampfsport'],
  ['judo', 'Judo', 'kampfsport'],
  ['taekwondo', 'Taekwondo', 'kampfsport'],
  ['kickboxen', 'Kickboxen', 'kampfsport'],
  ['fussball', 'Fußball', 'ballsport'],
  ['handball', 'Handball', 'ballsport'],
  ['basketball', 'Basketball', 'ballsport'],
  ['volleyball', 'Volleyball', 'ballsport'],
  ['sprint', 'Sprint', 'leichtathletik'],
  ['sprung', 'Sprung', 'leichtathletik'],
  ['wurf', 'Wurf', 'leichtathletik'],
  ['geraetturnen', 'Gerätturnen', 'turnen'],
  ['akrobatik', 'Akrobatik', 'turnen'],
  ['functional-training', 'Functional Training', 'fitness'],
  ['krafttraining', 'Krafttraining', 'fitness'],
  ['yoga', 'Yoga', 'fitness'],
];

/** (slug, name, age_min, age_max). */
const TARGET_GROUPS: [string, string, number | null, number | null][] = [
  ['bambini', 'Bambini', 4, 6],
  ['kinder', 'Kinder', 7, 10],
  ['jugend', 'Jugend', 11, 14],
  ['junioren', 'Junioren', 15, 18],
  ['erwachsene', 'Erwachsene', 18, 39],
  ['masters', 'Masters', 40, 59],
  ['senioren', 'Senioren', 60, null],
  ['leistungssport', 'Leistungssport', 14, null],
];

const AGE_GROUPS: [string, string, number | null, number | null][] = [
  ['u8', 'U8', null, 7],
  ['u10', 'U10', 8, 9],
  ['u12', 'U12', 10, 11],
  ['u14', 'U14', 12, 13],
  ['u16', 'U16', 14, 15],
  ['u18', 'U18', 16, 17],
  ['erwachsene', 'Erwachsene', 18, 39],
  ['ue40', 'Ü40', 40, null],
];

/** Which target groups each style direction addresses. */
const DIRECTION_TARGET_GROUPS: Record<string, string[]> = {
  kampfsport: [
    'bambini',
    'kinder',
    'jugend',
    'junioren',
    'erwachsene',
    'masters',
    'leistungssport',
  ],
  ballsport: ['kinder', 'jugend', 'junioren', 'erwachsene', 'leistungssport'],
  leichtathletik: ['kinder', 'jugend', 'junioren', 'erwachsene', 'masters', 'leistungssport'],
  turnen: ['bambini', 'kinder', 'jugend', 'junioren'],
  fitness: ['erwachsene', 'masters', 'senioren'],
};

const SKILLS: [string, string, string][] = [
  ['gerader-fauststoss', 'Gerader Fauststoß', 'grundtechniken'],
  ['vorderer-fusstritt', 'Vorderer Fußtritt', 'grundtechniken'],
  ['fallschule', 'Fallschule', 'grundtechniken'],
  ['block-konter', 'Block-Konter-Kombination', 'kombinationen'],
  ['sprintstart', 'Sprintstart', 'athletik'],
  ['sprungkraft', 'Sprungkraft', 'athletik'],
  ['passspiel', 'Passspiel', 'spielfaehigkeit'],
  ['distanzgefuehl', 'Distanzgefühl', 'kampffaehigkeit'],
];

const METHODS: [string, string, string][] = [
  ['dauermethode', 'Dauermethode', 'Lange Belastung ohne Pause bei gleichbleibender Intensität.'],
  ['intervallmethode', 'Intervallmethode', 'Wechsel von Belastung und lohnender Pause.'],
  ['wiederholungsmethode', 'Wiederholungsmethode', 'Hohe Intensität mit vollständiger Erholung.'],
  ['wettkampfmethode', 'Wettkampfmethode', 'Belastung unter Wettkampfbedingungen.'],
  ['spielmethode', 'Spielmethode', 'Lernen und Üben in Spielformen.'],
  ['zirkeltraining', 'Zirkeltraining', 'Stationen nacheinander mit festen Zeiten.'],
];

const lit = (v: string | number | null): string =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;

/**
 * Catalogs (with a seed), the exercise library (visibility, status, many-to-many catalog
 * links, variants, skills with levels, full-text and trigram search), skills, methods and
 * saved exercise searches.
 */
export class Exercises1778198403000 implements MigrationInterface {
  name = 'Exercises1778198403000';

  async up(q: QueryRunner): Promise<void> {
    for (const name of ['focus_areas', 'style_directions', 'training_types']) {
      await q.query(catalogTable(name));
    }
    await q.query(
      catalogTable(
        'training_styles',
        'style_direction_id uuid NOT NULL REFERENCES style_directions(id) ON DELETE RESTRICT,',
      ),
    );
    await q.query(
      `CREATE INDEX training_styles_direction_idx ON training_styles (style_direction_id)`,
    );
    await q.query(catalogTable('target_groups', AGE_RANGE));
    await q.query(catalogTable('age_groups', AGE_RANGE));
    await q.query(catalogTable('skill_categories'));
    await q.query(catalogTable('training_characters'));
    await q.query(`
      CREATE TABLE style_direction_target_groups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        style_direction_id uuid NOT NULL REFERENCES style_directions(id) ON DELETE CASCADE,
        target_group_id uuid NOT NULL REFERENCES target_groups(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT style_direction_target_groups_key UNIQUE (style_direction_id, target_group_id)
      )`);
    await q.query(
      `CREATE INDEX style_direction_target_groups_tg_idx ON style_direction_target_groups (target_group_id)`,
    );

    await q.query(`
      CREATE TABLE skills (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        description text CHECK (description IS NULL OR length(description) <= 5000),
        skill_category_id uuid REFERENCES skill_categories(id) ON DELETE RESTRICT,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT skills_slug_key UNIQUE (slug)
      )`);
    await q.query(`CREATE INDEX skills_category_idx ON skills (skill_category_id)`);
    await q.query(`
      CREATE TABLE methods (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        description text CHECK (description IS NULL OR length(description) <= 20000),
        created_by_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT methods_slug_key UNIQUE (slug)
      )`);

    await q.query(`
      CREATE TABLE exercises (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 300),
        description text CHECK (description IS NULL OR length(description) <= 100000),
        instructions text CHECK (instructions IS NULL OR length(instructions) <= 100000),
        coaching_points text CHECK (coaching_points IS NULL OR length(coaching_points) <= 100000),
        material text CHECK (material IS NULL OR length(material) <= 2000),
        duration_minutes int CHECK (duration_minutes IS NULL OR duration_minutes BETWEEN 0 AND 1440),
        difficulty smallint CHECK (difficulty IS NULL OR difficulty BETWEEN 1 AND 5),
        min_participants int CHECK (min_participants IS NULL OR min_participants BETWEEN 1 AND 1000),
        max_participants int CHECK (max_participants IS NULL OR max_participants BETWEEN 1 AND 1000),
        visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'club', 'official')),
        club_id uuid REFERENCES clubs(id) ON DELETE CASCADE,
        owner_profile_id uuid REFERENCES profiles(id) ON DELETE SET NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('draft', 'active', 'archived')),
        default_club_media_copyright text CHECK (default_club_media_copyright IS NULL OR length(default_club_media_copyright) BETWEEN 3 AND 500),
        promote_attached_media_for_official boolean NOT NULL DEFAULT false,
        default_official_media_copyright text CHECK (default_official_media_copyright IS NULL OR length(default_official_media_copyright) BETWEEN 3 AND 500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('german'::regconfig, coalesce(title, '')), 'A') ||
          setweight(to_tsvector('german'::regconfig, coalesce(description, '')), 'B') ||
          setweight(to_tsvector('german'::regconfig,
            coalesce(instructions, '') || ' ' || coalesce(coaching_points, '') || ' ' || coalesce(material, '')), 'C')
        ) STORED,
        ai_text text GENERATED ALWAYS AS (
          lower(title || ' ' || regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'))
        ) STORED,
        CHECK ((visibility = 'club') = (club_id IS NOT NULL)),
        CHECK (min_participants IS NULL OR max_participants IS NULL OR min_participants <= max_participants)
      )`);
    await q.query(`CREATE INDEX exercises_search_idx ON exercises USING gin (search_vector)`);
    await q.query(
      `CREATE INDEX exercises_ai_text_idx ON exercises USING gin (ai_text gin_trgm_ops)`,
    );
    await q.query(
      `CREATE INDEX exercises_club_idx ON exercises (club_id) WHERE club_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX exercises_owner_idx ON exercises (owner_profile_id)`);
    await q.query(`CREATE INDEX exercises_title_idx ON exercises (lower(title), id)`);

    const link = async (table: string, column: string, target: string): Promise<void> => {
      await q.query(`
        CREATE TABLE ${table} (
          exercise_id uuid NOT NULL REFERENCES exercises(id) ON DELETE CASCADE,
          ${column} uuid NOT NULL REFERENCES ${target}(id) ON DELETE RESTRICT,
          PRIMARY KEY (exercise_id, ${column})
        )`);
      await q.query(`CREATE INDEX ${table}_rev_idx ON ${table} (${column}, exercise_id)`);
    };
    await link('exercise_focus_areas', 'focus_area_id', 'focus_areas');
    await link('exercise_training_styles', 'training_style_id', 'training_styles');
    await link('exercise_target_groups', 'target_group_id', 'target_groups');
    await link('exercise_age_groups', 'age_group_id', 'age_groups');

    await q.query(`
      CREATE TABLE exercise_skills (
        exercise_id uuid NOT NULL REFERENCES exercises(id) ON DELETE CASCADE,
        skill_id uuid NOT NULL REFERENCES skills(id) ON DELETE RESTRICT,
        level text NOT NULL CHECK (level IN ('basis', 'grundlagen', 'aufbau', 'vertiefung', 'optimierung')),
        level_rank smallint GENERATED ALWAYS AS (
          CASE level WHEN 'basis' THEN 1 WHEN 'grundlagen' THEN 2 WHEN 'aufbau' THEN 3
                     WHEN 'vertiefung' THEN 4 ELSE 5 END
        ) STORED,
        PRIMARY KEY (exercise_id, skill_id)
      )`);
    await q.query(
      `CREATE INDEX exercise_skills_rank_idx ON exercise_skills (level_rank, exercise_id)`,
    );
    await q.query(`CREATE INDEX exercise_skills_skill_idx ON exercise_skills (skill_id)`);

    await q.query(`
      CREATE TABLE exercise_variants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        exercise_id uuid NOT NULL REFERENCES exercises(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 300),
        description text CHECK (description IS NULL OR length(description) <= 100000),
        sequence_order int NOT NULL DEFAULT 0 CHECK (sequence_order BETWEEN 0 AND 100000),
        progression_level smallint NOT NULL DEFAULT 1 CHECK (progression_level BETWEEN 1 AND 10),
        duration_minutes int CHECK (duration_minutes IS NULL OR duration_minutes BETWEEN 0 AND 1440),
        difficulty smallint CHECK (difficulty IS NULL OR difficulty BETWEEN 1 AND 5),
        material text CHECK (material IS NULL OR length(material) <= 2000),
        prerequisite text CHECK (prerequisite IS NULL OR length(prerequisite) <= 20000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX exercise_variants_order_idx ON exercise_variants (exercise_id, sequence_order, progression_level, id)`,
    );

    await q.query(`
      CREATE TABLE exercise_searches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        profile_id uuid NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        filters jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(filters) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX exercise_searches_name_key ON exercise_searches (profile_id, lower(name))`,
    );

    await this.seed(q);
  }

  private async seed(q: QueryRunner): Promise<void> {
    for (const [table, rows] of Object.entries(SEED)) {
      const values = rows
        .map(
          ([slug, name, desc], i) => `(${lit(slug)}, ${lit(name)}, ${lit(desc)}, ${(i + 1) * 10})`,
        )
        .join(',\n');
      await q.query(`INSERT INTO ${table} (slug, name, description, sort_order) VALUES ${values}`);
    }
    await q.query(`
      INSERT INTO training_styles (slug, name, sort_order, style_direction_id)
      SELECT v.slug, v.name, v.ord, d.id
      FROM (VALUES ${TRAINING_STYLES.map(([s, n, d], i) => `(${lit(s)}, ${lit(n)}, ${(i + 1) * 10}, ${lit(d)})`).join(', ')})
        AS v(slug, name, ord, direction)
      JOIN style_directions d ON d.slug = v.direction`);
    for (const [table, rows] of [
      ['target_groups', TARGET_GROUPS],
      ['age_groups', AGE_GROUPS],
    ] as const) {
      const values = rows
        .map(
          ([s, n, min, max], i) =>
            `(${lit(s)}, ${lit(n)}, ${lit(min)}, ${lit(max)}, ${(i + 1) * 10})`,
        )
        .join(', ');
      await q.query(
        `INSERT INTO ${table} (slug, name, age_min, age_max, sort_order) VALUES ${values}`,
      );
    }
    const pairs = Object.entries(DIRECTION_TARGET_GROUPS).flatMap(([d, tgs]) =>
      tgs.map((tg) => `(${lit(d)}, ${lit(tg)})`),
    );
    await q.query(`
      INSERT INTO style_direction_target_groups (style_direction_id, target_group_id)
      SELECT d.id, t.id FROM (VALUES ${pairs.join(', ')}) AS v(d, t)
      JOIN style_directions d ON d.slug = v.d JOIN target_groups t ON t.slug = v.t`);
    await q.query(`
      INSERT INTO skills (slug, name, skill_category_id)
      SELECT v.slug, v.name, c.id
      FROM (VALUES ${SKILLS.map(([s, n, c]) => `(${lit(s)}, ${lit(n)}, ${lit(c)})`).join(', ')}) AS v(slug, name, cat)
      JOIN skill_categories c ON c.slug = v.cat`);
    await q.query(
      `INSERT INTO methods (slug, name, description) VALUES ${METHODS.map(
        ([s, n, d]) => `(${lit(s)}, ${lit(n)}, ${lit(`<p>${d}</p>`)})`,
      ).join(', ')}`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'exercise_searches',
      'exercise_variants',
      'exercise_skills',
      'exercise_age_groups',
      'exercise_target_groups',
      'exercise_training_styles',
      'exercise_focus_areas',
      'exercises',
      'methods',
      'skills',
      'style_direction_target_groups',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
    for (const table of [...CATALOGS].reverse()) await q.query(`DROP TABLE ${table}`);
  }
}
