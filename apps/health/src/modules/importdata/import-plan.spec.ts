import { countsOf, planSection } from './import-plan';
import { naturalKey, normalize, validateDocument } from './import-rows';

type Snack = { date: string; meal: string; kcal: number };
const key = (r: Snack) => `${r.date}|${r.meal}`;
const same = (r: Snack) => ({ date: r.date, meal: r.meal, kcal: r.kcal });

describe('import plan', () => {
  it('counts identical rows as unchanged, changed ones as updates and new keys as creates', () => {
    const stored = [
      { id: 'a', date: '2026-01-01', meal: 'snack', kcal: 100 },
      { id: 'b', date: '2026-01-02', meal: 'snack', kcal: 200 },
    ];
    const plan = planSection<Snack>(
      stored,
      [
        { date: '2026-01-01', meal: 'snack', kcal: 100 },
        { date: '2026-01-02', meal: 'snack', kcal: 250 },
        { date: '2026-01-03', meal: 'snack', kcal: 300 },
      ],
      key,
      same,
    );
    expect(plan.unchanged).toBe(1);
    expect(plan.updates).toEqual([
      { id: 'b', row: { date: '2026-01-02', meal: 'snack', kcal: 250 } },
    ]);
    expect(plan.creates).toEqual([{ date: '2026-01-03', meal: 'snack', kcal: 300 }]);
    expect(countsOf(plan)).toEqual({ created: 1, updated: 1, unchanged: 1 });
  });

  it('matches repeated rows of one key one to one, identical ones first', () => {
    const stored = [
      { id: 'a', date: '2026-01-01', meal: 'snack', kcal: 100 },
      { id: 'b', date: '2026-01-01', meal: 'snack', kcal: 150 },
    ];
    const incoming = [
      { date: '2026-01-01', meal: 'snack', kcal: 150 },
      { date: '2026-01-01', meal: 'snack', kcal: 150 },
      { date: '2026-01-01', meal: 'snack', kcal: 150 },
    ];
    const plan = planSection<Snack>(stored, incoming, key, same);
    expect(countsOf(plan)).toEqual({ created: 1, updated: 1, unchanged: 1 });
    expect(plan.updates[0].id).toBe('a');
  });

  it('keeps stored rows the document lacks (an import never deletes)', () => {
    const stored = [{ id: 'a', date: '2026-01-01', meal: 'snack', kcal: 100 }];
    expect(countsOf(planSection<Snack>(stored, [], key, same))).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
    });
  });

  it('normalises timestamps and skinfold order so equal data compares equal', () => {
    const a = normalize.activity({
      activity_type: 'run',
      started_at: '2026-01-01T06:00:00Z',
      duration_min: 30,
    });
    expect(a.started_at).toBe('2026-01-01T06:00:00.000Z');
    expect(a.source).toBe('import');
    expect(naturalKey.activity(a)).toBe('2026-01-01T06:00:00.000Z|run');
    const c1 = normalize.caliper({ sites: { thigh: 1, chest: 2 } });
    const c2 = normalize.caliper({ sites: { chest: 2, thigh: 1 } });
    expect(JSON.stringify(c1)).toBe(JSON.stringify(c2));
  });

  it('reports every bad row with its path and accepts an empty document', () => {
    const bad = validateDocument(
      {
        format: 'health.export.v1',
        weight: [{ date: '2026-01-01', weight_kg: 70 }, 'x', { date: 'no' }],
      },
      [],
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      const paths = bad.errors.map((e) => e.path);
      expect(paths).toContain('weight[1]');
      expect(paths).toContain('weight[2].date');
      expect(paths).toContain('weight[2].weight_kg');
    }
    const empty = validateDocument({ format: 'health.export.v1' }, []);
    expect(empty.ok).toBe(true);
  });
});
