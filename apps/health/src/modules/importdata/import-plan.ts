/** Counts the import answers per module. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface SectionPlan<T> {
  creates: T[];
  updates: { id: string; row: T }[];
  unchanged: number;
}

/** Stable text of a canonical row (field order is fixed by the normalizers). */
export const rowText = (row: object): string => JSON.stringify(row);

/**
 * Matches incoming rows to stored ones by natural key. Inside one key an identical stored row
 * is matched first (unchanged); the remaining incoming rows update the remaining stored rows
 * in order, and what is left is created. Stored rows the document lacks are kept: an import
 * adds and corrects, it never deletes. Re-running the same document therefore changes nothing.
 */
export function planSection<T extends object>(
  stored: (T & { id: string })[],
  incoming: T[],
  keyOf: (row: T) => string,
  canonical: (row: T) => T,
): SectionPlan<T> {
  const byKey = new Map<string, { id: string; text: string; used: boolean }[]>();
  for (const s of stored) {
    const { id, ...rest } = s;
    const key = keyOf(rest as unknown as T);
    const list = byKey.get(key) ?? [];
    list.push({ id, text: rowText(canonical(rest as unknown as T)), used: false });
    byKey.set(key, list);
  }
  const plan: SectionPlan<T> = { creates: [], updates: [], unchanged: 0 };
  const pending: { row: T; key: string }[] = [];
  for (const row of incoming) {
    const key = keyOf(row);
    const text = rowText(canonical(row));
    const same = byKey.get(key)?.find((s) => !s.used && s.text === text);
    if (same) {
      same.used = true;
      plan.unchanged += 1;
    } else pending.push({ row, key });
  }
  for (const { row, key } of pending) {
    const free = byKey.get(key)?.find((s) => !s.used);
    if (free) {
      free.used = true;
      plan.updates.push({ id: free.id, row });
    } else plan.creates.push(row);
  }
  return plan;
}

export const countsOf = (plan: SectionPlan<unknown>): ImportCounts => ({
  created: plan.creates.length,
  updated: plan.updates.length,
  unchanged: plan.unchanged,
});
