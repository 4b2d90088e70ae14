import { type ErrorCode, UnprocessableError, ValidationFailedError } from '@sports/common';

/** One problem of one CSV row, as a user fixes it in a spreadsheet. */
export interface RowError {
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  /** Column letter (A, B, ...) and the header text of that column. */
  column: string | null;
  header: string | null;
  field: string | null;
  value: string | null;
  code: string;
  message: string;
  hint: string;
}

/** Keeps the first `max` errors and counts all of them, plus the rows that had any. */
export class RowErrorCollector {
  readonly items: RowError[] = [];
  readonly invalidRows = new Set<number>();
  count = 0;

  constructor(private readonly max: number) {}

  add(error: RowError): void {
    this.count += 1;
    this.invalidRows.add(error.row);
    if (this.items.length < this.max) this.items.push(error);
  }

  get truncated(): boolean {
    return this.count > this.items.length;
  }

  /** Errors sorted by row, so database errors found later sit next to their rows. */
  sorted(): RowError[] {
    return [...this.items].sort((a, b) => a.row - b.row);
  }
}

/** A problem of the whole file: answered with 422 and the code, nothing is written. */
export class CsvFileError extends UnprocessableError {
  constructor(
    code: ErrorCode,
    detail: string,
    hint?: string,
    extensions?: Record<string, unknown>,
  ) {
    super(detail, code, { hint, extensions });
  }
}

/**
 * A database refusal turned into a sentence (the "internal error" hint of the spec). The
 * constraint names are those of the tracking migrations.
 */
export function describeDatabaseError(error: unknown): {
  code: string;
  message: string;
  hint: string;
} {
  const e = error as { code?: string; constraint?: string };
  const c = e.constraint ?? '';
  const known: Record<string, [string, string]> = {
    weight_entries_weight_kg_check: [
      'The weight is outside 20–400 kg.',
      'Check the unit and the decimal separator of the weight.',
    ],
    weight_entries_body_fat_pct_check: [
      'The body fat is outside 2–70 %.',
      'Check the body fat value.',
    ],
    weight_entries_note_check: ['The note is longer than 500 characters.', 'Shorten the note.'],
    nutrition_entries_kcal_check: [
      'The day total of energy is outside 0–20 000 kcal.',
      'The rows of this day add up to more than a day can hold; check for rows listed twice or a misplaced decimal separator.',
    ],
    nutrition_entries_protein_g_check: [
      'The day total of protein is outside 0–2000 g.',
      'The rows of this day add up to too much protein; check for duplicates or a wrong unit.',
    ],
    nutrition_entries_carbohydrate_g_check: [
      'The day total of carbohydrate is outside 0–2000 g.',
      'The rows of this day add up to too much carbohydrate; check for duplicates or a wrong unit.',
    ],
    nutrition_entries_fat_g_check: [
      'The day total of fat is outside 0–2000 g.',
      'The rows of this day add up to too much fat; check for duplicates or a wrong unit.',
    ],
    nutrition_entries_fibre_g_check: [
      'The day total of fibre is outside 0–2000 g.',
      'The rows of this day add up to too much fibre; check for duplicates or a wrong unit.',
    ],
  };
  if (known[c]) return { code: 'CSV_STORAGE_REFUSED', message: known[c][0], hint: known[c][1] };
  if (e.code === '22003') {
    return {
      code: 'CSV_STORAGE_REFUSED',
      message: 'A number is too large to be stored.',
      hint: 'Check for a misplaced decimal separator or thousands separator.',
    };
  }
  if (e.code === '23505') {
    return {
      code: 'CSV_STORAGE_REFUSED',
      message: 'This record exists already and cannot be stored twice.',
      hint: 'Remove the repeated row.',
    };
  }
  if (e.code?.startsWith('23') || e.code?.startsWith('22')) {
    return {
      code: 'CSV_STORAGE_REFUSED',
      message: 'The database refused a value of this row.',
      hint: 'Check the values of this row for typos and impossible values.',
    };
  }
  throw error;
}

export const formatBytes = (n: number): string =>
  n >= 1024 * 1024
    ? `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`
    : `${Math.round(n / 1024)} KiB`;

export const tooLargeDetail = (limit: number): string =>
  `The file is larger than the import limit max_file_bytes = ${limit} bytes (${formatBytes(limit)}).`;

export const missingFile = (): ValidationFailedError =>
  new ValidationFailedError('A CSV file is required.', [
    { path: 'file', message: 'attach the CSV file as multipart field "file"' },
  ]);

export const emptyFile = (): CsvFileError =>
  new CsvFileError(
    'CSV_EMPTY_FILE',
    'The file is empty.',
    'Export the data again; the file has no content.',
  );

export const notText = (): CsvFileError =>
  new CsvFileError(
    'CSV_NOT_TEXT',
    'The file is not a CSV text file (it contains binary data).',
    'Spreadsheets such as .xlsx or .numbers must be saved as "CSV" first; renaming the file is not enough.',
  );
