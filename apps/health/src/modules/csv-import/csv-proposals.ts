import { CSV_MODULE_DEFINITIONS, CsvModule, TargetField } from './csv-modules';
import type { ColumnProfile } from './csv-file-profile';
import { FIELD_UNITS } from './csv-units';

/**
 * A mapping built from a file's columns for one module: each target field gets the column
 * whose header names it (English or German) and whose values fit it, with a confidence.
 */

/** Header words that name a target field, normalised (lower case, units and brackets removed). */
const FIELD_NAMES: Record<string, string[]> = {
  date: [
    'date',
    'datum',
    'day',
    'tag',
    'time',
    'zeit',
    'timestamp',
    'datetime',
    'date time',
    'date and time',
    'measurement date',
    'time of measurement',
    'weightdate',
    'messdatum',
    'messzeitpunkt',
    'start',
    'created',
  ],
  time: ['time', 'zeit', 'uhrzeit', 'time of day', 'messzeit'],
  weight_kg: [
    'weight',
    'gewicht',
    'body weight',
    'körpergewicht',
    'koerpergewicht',
    'kg',
    'lb',
    'lbs',
    'body mass',
  ],
  body_fat_pct: [
    'body fat',
    'bodyfat',
    'fat',
    'körperfett',
    'koerperfett',
    'fett',
    'fat mass',
    'fettmasse',
    'fat ratio',
    'fat rate',
    'fat percentage',
    'body fat percentage',
    'kfa',
    'fettanteil',
  ],
  note: [
    'note',
    'notes',
    'comment',
    'comments',
    'notiz',
    'notizen',
    'kommentar',
    'kommentare',
    'bemerkung',
    'bemerkungen',
    'remarks',
  ],
  kcal: [
    'calories',
    'energy',
    'kcal',
    'kalorien',
    'energie',
    'brennwert',
    'cals',
    'kj',
    'food cals',
  ],
  protein_g: ['protein', 'proteins', 'eiweiß', 'eiweiss', 'eiweis'],
  carbohydrate_g: [
    'carbohydrates',
    'carbohydrate',
    'carbs',
    'kohlenhydrate',
    'kh',
    'carbohydrates g',
  ],
  fat_g: ['fat', 'fett', 'total fat', 'fats', 'fett gesamt'],
  fibre_g: ['fiber', 'fibre', 'ballaststoffe', 'dietary fiber', 'fibers'],
  systolic: ['systolic', 'sys', 'systole', 'systolisch', 'sbp', 'systolic blood pressure'],
  diastolic: ['diastolic', 'dia', 'diastole', 'diastolisch', 'dbp', 'diastolic blood pressure'],
  pulse: ['pulse', 'heart rate', 'puls', 'hr', 'bpm', 'pulse rate', 'herzfrequenz', 'heartrate'],
};

/** Header words of a column that flags rows to leave out, and its values that do. */
const DELETED_NAMES = ['deleted', 'gelöscht', 'geloescht', 'is deleted'];
const DELETED_VALUES = ['true', 'yes', '1', 'ja', 'wahr'];

/** "Body Fat(%)" → "body fat", "Systolic (mmHg)" → "systolic", "Gewicht [kg]" → "gewicht". */
export function headerWords(header: string): string {
  return header
    .toLowerCase()
    .replace(/[([][^)\]]*[)\]]/g, ' ')
    .replace(/[%_#*:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 1 for a header that is a name of the field, 0.6 when it contains one, else 0. */
export function nameScore(header: string | null, field: string): number {
  if (!header) return 0;
  const words = headerWords(header);
  const names = FIELD_NAMES[field] ?? [];
  if (names.includes(words)) return 1;
  const tokens = new Set(words.split(' '));
  return names.some((n) => n.split(' ').every((t) => tokens.has(t))) ? 0.6 : 0;
}

/** How well a column's values fit a field: its kind, its unit, the share in the field's range. */
export function valueScore(column: ColumnProfile, field: TargetField): number {
  if (field.type === 'date') return column.kind === 'date' ? 1 : 0;
  if (field.type === 'time') return column.kind === 'time' ? 1 : 0;
  if (field.type === 'text')
    return column.kind === 'text' ? 0.6 : column.kind === 'empty' ? 0.3 : 0;
  if (column.kind !== 'number') return 0;
  const units = FIELD_UNITS[field.field] ?? {};
  const conversion = column.unit ? units[column.unit] : units[field.unit as keyof typeof units];
  if (!conversion) return 0;
  // A fat mass is divided by the weight of its row: its own range says little.
  if (conversion.fatMass || !column.numbers.length) return 0.8;
  const min = field.min ?? -Infinity;
  const max = field.max ?? Infinity;
  const inRange = column.numbers.filter((n) => {
    const v = n * conversion.factor;
    return v >= min && v <= max;
  }).length;
  return inRange / column.numbers.length;
}

export interface ProposedColumn {
  field: string;
  column: ColumnProfile;
  confidence: number;
  reason: string;
}

export interface Proposal {
  module: CsvModule;
  confidence: number;
  columns: ProposedColumn[];
  units: Record<string, string>;
  excludeRows: { column: string; values: string[] }[];
  dateHeadingRows: boolean;
}

/**
 * The best column for each field of `module` (required fields first, each column used once),
 * or null when a required field finds none good enough.
 */
export function proposeModule(
  module: CsvModule,
  columns: ColumnProfile[],
  hasHeader: boolean,
): Proposal | null {
  const def = CSV_MODULE_DEFINITIONS[module];
  if (!def.importable) return null;
  const used = new Set<number>();
  const chosen: ProposedColumn[] = [];
  const threshold = hasHeader ? 0.5 : 0.35;
  const ordered = [...def.fields].sort((a, b) => Number(b.required) - Number(a.required));
  for (const field of ordered) {
    let best: ProposedColumn | null = null;
    for (const column of columns) {
      if (used.has(column.index)) continue;
      const value = valueScore(column, field);
      if (value === 0) continue;
      const name = nameScore(column.header, field.field);
      // Between equal columns the one already in the field's unit wins (kcal before kJ).
      const ownUnit = !column.unit || column.unit === field.unit ? 0.01 : 0;
      const score = (hasHeader ? 0.6 * name + 0.4 * value : value * 0.6) + ownUnit;
      const confidence = Math.min(1, Math.round(score * 100) / 100);
      if (confidence < threshold || (best && best.confidence >= confidence)) continue;
      const reason = [
        name === 1
          ? 'header names the field'
          : name > 0
            ? 'header contains a name of the field'
            : 'no header match',
        field.type === 'number'
          ? `${Math.round(value * 100)} % of values in range`
          : `values are ${column.kind}s`,
        column.unit && column.unit !== field.unit ? `unit ${column.unit}` : null,
      ]
        .filter(Boolean)
        .join('; ');
      best = { field: field.field, column, confidence, reason };
    }
    if (!best) {
      if (field.required) return null;
      continue;
    }
    used.add(best.column.index);
    chosen.push(best);
  }
  const units: Record<string, string> = {};
  for (const c of chosen) {
    const field = def.fields.find((f) => f.field === c.field);
    if (field?.type === 'number' && c.column.unit && c.column.unit !== field.unit) {
      units[c.field] = c.column.unit;
    }
  }
  const deleted = columns.find((c) => c.header && DELETED_NAMES.includes(headerWords(c.header)));
  const required = chosen.filter((c) => def.fields.find((f) => f.field === c.field)?.required);
  return {
    module,
    confidence:
      Math.round((required.reduce((s, c) => s + c.confidence, 0) / required.length) * 100) / 100,
    columns: def.fields
      .map((f) => chosen.find((c) => c.field === f.field))
      .filter((c): c is ProposedColumn => c !== undefined),
    units,
    excludeRows: deleted?.header ? [{ column: deleted.header, values: DELETED_VALUES }] : [],
    dateHeadingRows: chosen.some((c) => c.field === 'date' && c.column.dateHeadings),
  };
}
