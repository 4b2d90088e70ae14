import { consolidate, evaluateJoin, type JoinDecision, type JoinPath } from './join';
import type {
  AnalysisContribution,
  JoinNode,
  JoinSkipHandling,
  JoinStrategy,
  PathStatus,
} from './types';

function contribution(nodeId: string, core: string, risk: string): AnalysisContribution {
  return {
    node_id: nodeId,
    label: null,
    analysis_core: core,
    decision_signals: { risk: { raw: risk, value: risk, status: 'valid' } },
  };
}

function path(from: string, status: PathStatus): JoinPath {
  return {
    edge_id: `${from}->j1`,
    from,
    status,
    contributions:
      status === 'completed' ? [contribution(from, `Kern ${from}`, `risk-${from}`)] : [],
  };
}

function join(
  join_strategy: JoinStrategy,
  skip_handling: JoinSkipHandling,
  extra: Partial<JoinNode> = {},
): JoinNode {
  return { id: 'j1', kind: 'join', join_strategy, skip_handling, ...extra };
}

function completedCore(decision: JoinDecision): string {
  if (!decision.ready || decision.state !== 'COMPLETED') {
    throw new Error(`expected COMPLETED, got ${JSON.stringify(decision)}`);
  }
  return decision.consolidation.analysis_core;
}

const ended = [path('a1', 'completed'), path('a2', 'skipped'), path('a3', 'failed')];

describe('evaluateJoin: strategy × skip handling', () => {
  describe('wait_all', () => {
    it('× IGNORE_SKIPPED waits for every path, then joins only the completed ones', () => {
      const node = join('wait_all', 'IGNORE_SKIPPED');
      expect(evaluateJoin(node, [path('a1', 'completed'), path('a2', 'pending')])).toEqual({
        ready: false,
      });
      const decision = evaluateJoin(node, ended);
      expect(completedCore(decision)).toBe('### a1\n\nKern a1');
      expect(decision).toMatchObject({
        record: {
          included: [{ from: 'a1', status: 'completed' }],
          missing: [
            { from: 'a2', status: 'skipped' },
            { from: 'a3', status: 'failed' },
          ],
        },
      });
    });

    it('× USE_PLACEHOLDER inserts a placeholder for every missing path', () => {
      const core = completedCore(evaluateJoin(join('wait_all', 'USE_PLACEHOLDER'), ended));
      expect(core).toBe(
        [
          '### a1\n\nKern a1',
          '### a2\n\n_Kein Ergebnis: Pfad wurde nicht ausgeführt._',
          '### a3\n\n_Kein Ergebnis: Pfad ist fehlgeschlagen._',
        ].join('\n\n'),
      );
    });

    it('× REQUIRE_MINIMUM fails below min_completed and completes at it', () => {
      const strict = evaluateJoin(join('wait_all', 'REQUIRE_MINIMUM', { min_completed: 2 }), ended);
      expect(strict).toMatchObject({
        ready: true,
        state: 'FAILED',
        error: { code: 'JOIN_MINIMUM_NOT_MET' },
      });
      const lenient = evaluateJoin(
        join('wait_all', 'REQUIRE_MINIMUM', { min_completed: 1 }),
        ended,
      );
      expect(completedCore(lenient)).toBe('### a1\n\nKern a1');
    });

    it('fails when no path completed but one failed', () => {
      const decision = evaluateJoin(join('wait_all', 'IGNORE_SKIPPED'), [
        path('a2', 'skipped'),
        path('a3', 'failed'),
      ]);
      expect(decision).toMatchObject({
        state: 'FAILED',
        error: { code: 'JOIN_NO_COMPLETED_PATH' },
      });
    });
  });

  describe('wait_any', () => {
    it('× IGNORE_SKIPPED proceeds with the first completed path while others still run', () => {
      const node = join('wait_any', 'IGNORE_SKIPPED');
      expect(evaluateJoin(node, [path('a1', 'pending'), path('a2', 'pending')])).toEqual({
        ready: false,
      });
      expect(evaluateJoin(node, [path('a1', 'skipped'), path('a2', 'pending')])).toEqual({
        ready: false,
      });
      const decision = evaluateJoin(node, [path('a1', 'pending'), path('a2', 'completed')]);
      expect(completedCore(decision)).toBe('### a2\n\nKern a2');
    });

    it('× USE_PLACEHOLDER marks paths that had not ended yet', () => {
      const decision = evaluateJoin(join('wait_any', 'USE_PLACEHOLDER'), [
        path('a1', 'completed'),
        path('a2', 'pending'),
      ]);
      expect(completedCore(decision)).toBe(
        '### a1\n\nKern a1\n\n### a2\n\n_Kein Ergebnis: Pfad war noch nicht beendet._',
      );
    });

    it('× REQUIRE_MINIMUM waits for min_completed paths, and fails when they cannot come', () => {
      const node = join('wait_any', 'REQUIRE_MINIMUM', { min_completed: 2 });
      expect(
        evaluateJoin(node, [path('a1', 'completed'), path('a2', 'pending'), path('a3', 'pending')]),
      ).toEqual({ ready: false });
      const done = evaluateJoin(node, [
        path('a1', 'completed'),
        path('a2', 'completed'),
        path('a3', 'pending'),
      ]);
      expect(completedCore(done)).toBe('### a1\n\nKern a1\n\n### a2\n\nKern a2');
      expect(evaluateJoin(node, ended)).toMatchObject({
        state: 'FAILED',
        error: { code: 'JOIN_MINIMUM_NOT_MET' },
      });
    });

    it('fails when every path ended without a completed one', () => {
      expect(
        evaluateJoin(join('wait_any', 'USE_PLACEHOLDER'), [
          path('a1', 'failed'),
          path('a2', 'skipped'),
        ]),
      ).toMatchObject({ state: 'FAILED', error: { code: 'JOIN_NO_COMPLETED_PATH' } });
    });
  });

  describe('best_effort', () => {
    it('× IGNORE_SKIPPED waits for all paths and joins whatever completed', () => {
      const node = join('best_effort', 'IGNORE_SKIPPED');
      expect(evaluateJoin(node, [path('a1', 'completed'), path('a3', 'pending')])).toEqual({
        ready: false,
      });
      expect(completedCore(evaluateJoin(node, ended))).toBe('### a1\n\nKern a1');
    });

    it('× USE_PLACEHOLDER uses the node placeholder_text for missing paths', () => {
      const core = completedCore(
        evaluateJoin(
          join('best_effort', 'USE_PLACEHOLDER', { placeholder_text: '(fehlt)' }),
          ended,
        ),
      );
      expect(core).toBe('### a1\n\nKern a1\n\n### a2\n\n(fehlt)\n\n### a3\n\n(fehlt)');
    });

    it('× REQUIRE_MINIMUM fails below min_completed', () => {
      expect(
        evaluateJoin(join('best_effort', 'REQUIRE_MINIMUM', { min_completed: 2 }), ended),
      ).toMatchObject({ state: 'FAILED', error: { code: 'JOIN_MINIMUM_NOT_MET' } });
    });

    it('is skipped, carrying the failure on, when nothing completed', () => {
      expect(
        evaluateJoin(join('best_effort', 'IGNORE_SKIPPED'), [
          path('a2', 'skipped'),
          path('a3', 'failed'),
        ]),
      ).toMatchObject({ state: 'SKIPPED', carries_failure: true, reason: 'no_path_completed' });
    });
  });

  it.each<[JoinStrategy, JoinSkipHandling]>([
    ['wait_all', 'IGNORE_SKIPPED'],
    ['wait_any', 'USE_PLACEHOLDER'],
    ['best_effort', 'REQUIRE_MINIMUM'],
  ])('%s × %s is SKIPPED when no incoming path was taken at all', (strategy, skip) => {
    const decision = evaluateJoin(join(strategy, skip, { min_completed: 1 }), [
      path('a1', 'skipped'),
      path('a2', 'skipped'),
    ]);
    expect(decision).toMatchObject({
      state: 'SKIPPED',
      carries_failure: false,
      reason: 'no_path_taken',
    });
  });
});

describe('consolidate', () => {
  it('prefixes every signal with its node id and keeps each analysis once', () => {
    const shared = contribution('a1', 'Kern a1', 'high');
    const consolidation = consolidate([
      { edge_id: 'e1', from: 'a1', status: 'completed', contributions: [shared] },
      {
        edge_id: 'e2',
        from: 'l1',
        status: 'completed',
        contributions: [shared, { ...contribution('a2', 'Kern a2', 'low'), label: 'Schlaf' }],
      },
    ]);
    expect(consolidation.decision_signals).toEqual({
      'a1.risk': { raw: 'high', value: 'high', status: 'valid' },
      'a2.risk': { raw: 'low', value: 'low', status: 'valid' },
    });
    expect(consolidation.analysis_core).toBe('### a1\n\nKern a1\n\n### Schlaf\n\nKern a2');
    expect(consolidation.contributions.map((c) => c.node_id)).toEqual(['a1', 'a2']);
  });
});
