/** A table whose rows name catalog entries, and the name its count has in `usages`. */
export interface CatalogUsage {
  table: string;
  column: string;
  /** `array`: the column is an array of ids (checked by a trigger instead of a foreign key). */
  kind?: 'array';
  label: string;
}

/** What distinguishes one catalog from another: its table, its path and its extra fields. */
export interface CatalogDefinition {
  /** Table name, also the key in responses such as the exercise enrichment. */
  table: string;
  /** URL path below /api. */
  path: string;
  /** Singular label for messages. */
  label: string;
  /** Extra columns: an age range, or the parent style direction. */
  kind: 'plain' | 'age_range' | 'training_style';
  /**
   * Every table referencing an entry: deleting a referenced entry is refused with 409 and the
   * count per label (the database refuses it as well: ON DELETE RESTRICT, or a trigger).
   */
  usages: CatalogUsage[];
}

const use = (table: string, column: string, label: string, kind?: 'array'): CatalogUsage => ({
  table,
  column,
  label,
  ...(kind ? { kind } : {}),
});

export const CATALOGS: readonly CatalogDefinition[] = [
  {
    table: 'focus_areas',
    path: 'focus-areas',
    label: 'Focus area',
    kind: 'plain',
    usages: [
      use('exercise_focus_areas', 'focus_area_id', 'exercises'),
      use('framework_programs', 'focus_area_id', 'framework_programs'),
      use('trainer_contexts', 'focus_area_id', 'trainer_contexts'),
      use('maturity_model_bindings', 'focus_area_id', 'maturity_model_bindings'),
      use('maturity_model_focus_areas', 'focus_area_id', 'maturity_model_legacy_assignments'),
    ],
  },
  {
    table: 'style_directions',
    path: 'style-directions',
    label: 'Style direction',
    kind: 'plain',
    usages: [
      use('training_styles', 'style_direction_id', 'training_styles'),
      use('style_direction_target_groups', 'style_direction_id', 'target_group_links'),
      use('framework_programs', 'style_direction_id', 'framework_programs'),
      use('trainer_contexts', 'style_direction_id', 'trainer_contexts'),
      use('maturity_model_bindings', 'style_direction_id', 'maturity_model_bindings'),
    ],
  },
  {
    table: 'training_styles',
    path: 'training-styles',
    label: 'Training style',
    kind: 'training_style',
    usages: [
      use('exercise_training_styles', 'training_style_id', 'exercises'),
      use('trainer_contexts', 'training_style_id', 'trainer_contexts'),
      use('maturity_model_bindings', 'training_style_id', 'maturity_model_bindings'),
    ],
  },
  {
    table: 'training_types',
    path: 'training-types',
    label: 'Training type',
    kind: 'plain',
    usages: [
      use('framework_programs', 'training_type_ids', 'framework_programs', 'array'),
      use('maturity_model_bindings', 'training_type_id', 'maturity_model_bindings'),
    ],
  },
  {
    table: 'target_groups',
    path: 'target-groups',
    label: 'Target group',
    kind: 'age_range',
    usages: [
      use('exercise_target_groups', 'target_group_id', 'exercises'),
      use('style_direction_target_groups', 'target_group_id', 'style_direction_links'),
      use('framework_programs', 'target_group_ids', 'framework_programs', 'array'),
      use('trainer_contexts', 'target_group_id', 'trainer_contexts'),
    ],
  },
  {
    table: 'age_groups',
    path: 'age-groups',
    label: 'Age group',
    kind: 'age_range',
    usages: [use('exercise_age_groups', 'age_group_id', 'exercises')],
  },
  {
    table: 'skill_categories',
    path: 'skill-categories',
    label: 'Skill category',
    kind: 'plain',
    usages: [use('skills', 'skill_category_id', 'skills')],
  },
  {
    table: 'training_characters',
    path: 'training-characters',
    label: 'Training character',
    kind: 'plain',
    usages: [],
  },
];

export const catalogByTable = (table: string): CatalogDefinition => {
  const def = CATALOGS.find((c) => c.table === table);
  if (!def) throw new Error(`unknown catalog ${table}`);
  return def;
};

/** `Übungs-Name` → `uebungs-name`: a URL-safe slug from a display name. */
export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
  return slug || 'entry';
}
