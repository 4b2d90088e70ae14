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
  /** Tables referencing an entry; deleting a referenced entry is refused with 409. */
  usages: { table: string; column: string; label: string }[];
}

export const CATALOGS: readonly CatalogDefinition[] = [
  {
    table: 'focus_areas',
    path: 'focus-areas',
    label: 'Focus area',
    kind: 'plain',
    usages: [{ table: 'exercise_focus_areas', column: 'focus_area_id', label: 'exercises' }],
  },
  {
    table: 'style_directions',
    path: 'style-directions',
    label: 'Style direction',
    kind: 'plain',
    usages: [{ table: 'training_styles', column: 'style_direction_id', label: 'training_styles' }],
  },
  {
    table: 'training_styles',
    path: 'training-styles',
    label: 'Training style',
    kind: 'training_style',
    usages: [
      { table: 'exercise_training_styles', column: 'training_style_id', label: 'exercises' },
    ],
  },
  {
    table: 'training_types',
    path: 'training-types',
    label: 'Training type',
    kind: 'plain',
    usages: [],
  },
  {
    table: 'target_groups',
    path: 'target-groups',
    label: 'Target group',
    kind: 'age_range',
    usages: [{ table: 'exercise_target_groups', column: 'target_group_id', label: 'exercises' }],
  },
  {
    table: 'age_groups',
    path: 'age-groups',
    label: 'Age group',
    kind: 'age_range',
    usages: [{ table: 'exercise_age_groups', column: 'age_group_id', label: 'exercises' }],
  },
  {
    table: 'skill_categories',
    path: 'skill-categories',
    label: 'Skill category',
    kind: 'plain',
    usages: [{ table: 'skills', column: 'skill_category_id', label: 'skills' }],
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
