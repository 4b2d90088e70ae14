import type {
  AnalysisContribution,
  ExecutionErrorInfo,
  JoinNode,
  JoinOutcomeRecord,
  JoinPathSummary,
  NormalizedSignal,
  PathStatus,
} from './types';

/** One incoming edge of a join and what arrived over it. */
export interface JoinPath {
  edge_id: string;
  from: string;
  status: PathStatus;
  /** The analyses the path carries; empty unless completed. */
  contributions: AnalysisContribution[];
}

export interface JoinConsolidation {
  analysis_core: string;
  /** Signals of every included analysis, keyed `<node_id>.<key>`. */
  decision_signals: Record<string, NormalizedSignal>;
  contributions: AnalysisContribution[];
}

export type JoinDecision =
  | { ready: false }
  | {
      ready: true;
      state: 'COMPLETED';
      consolidation: JoinConsolidation;
      record: JoinOutcomeRecord;
    }
  | {
      ready: true;
      state: 'SKIPPED';
      reason: string;
      /** True when a failure upstream, not an untaken branch, left the join empty. */
      carries_failure: boolean;
      record: JoinOutcomeRecord;
    }
  | { ready: true; state: 'FAILED'; error: ExecutionErrorInfo; record: JoinOutcomeRecord };

const DEFAULT_PLACEHOLDERS: Record<PathStatus, string> = {
  completed: '',
  skipped: '_Kein Ergebnis: Pfad wurde nicht ausgeführt._',
  failed: '_Kein Ergebnis: Pfad ist fehlgeschlagen._',
  pending: '_Kein Ergebnis: Pfad war noch nicht beendet._',
};

/**
 * Decides whether a join can proceed and with what.
 *
 * Readiness: wait_all and best_effort wait until every path has ended; wait_any proceeds as
 * soon as one path completed (under REQUIRE_MINIMUM: min_completed paths), or when all ended.
 *
 * Outcome: a join whose paths were all left untaken is SKIPPED (it sits on a branch that was
 * not chosen). REQUIRE_MINIMUM with fewer than min_completed completed paths is FAILED. With no
 * completed path at all, best_effort is SKIPPED (nothing to do is not an error for it) while
 * wait_all and wait_any are FAILED. Otherwise the join COMPLETES with the completed paths;
 * IGNORE_SKIPPED leaves the others out, USE_PLACEHOLDER writes a placeholder for each.
 */
export function evaluateJoin(node: JoinNode, paths: readonly JoinPath[]): JoinDecision {
  const completed = paths.filter((path) => path.status === 'completed');
  const pending = paths.filter((path) => path.status === 'pending');
  const failed = paths.filter((path) => path.status === 'failed');
  const required = node.skip_handling === 'REQUIRE_MINIMUM' ? (node.min_completed ?? 1) : 1;

  const allEnded = pending.length === 0;
  const ready =
    node.join_strategy === 'wait_any' ? completed.length >= required || allEnded : allEnded;
  if (!ready) return { ready: false };

  const record: JoinOutcomeRecord = {
    included: completed.map(summary),
    missing: paths.filter((path) => path.status !== 'completed').map(summary),
  };

  if (completed.length === 0 && failed.length === 0) {
    return {
      ready: true,
      state: 'SKIPPED',
      reason: 'no_path_taken',
      carries_failure: false,
      record,
    };
  }
  if (node.skip_handling === 'REQUIRE_MINIMUM' && completed.length < required) {
    return {
      ready: true,
      state: 'FAILED',
      error: {
        code: 'JOIN_MINIMUM_NOT_MET',
        message: `join "${node.id}" needs ${required} completed paths, got ${completed.length}`,
      },
      record,
    };
  }
  if (completed.length === 0) {
    if (node.join_strategy === 'best_effort') {
      return {
        ready: true,
        state: 'SKIPPED',
        reason: 'no_path_completed',
        carries_failure: true,
        record,
      };
    }
    return {
      ready: true,
      state: 'FAILED',
      error: {
        code: 'JOIN_NO_COMPLETED_PATH',
        message: `join "${node.id}" (${node.join_strategy}) has no completed incoming path`,
      },
      record,
    };
  }

  const placeholders =
    node.skip_handling === 'USE_PLACEHOLDER'
      ? paths.filter((path) => path.status !== 'completed')
      : [];
  return {
    ready: true,
    state: 'COMPLETED',
    consolidation: consolidate(completed, placeholders, node.placeholder_text),
    record,
  };
}

/** Merges the analysis cores in path order and prefixes every signal with its node id. */
export function consolidate(
  included: readonly JoinPath[],
  placeholders: readonly JoinPath[] = [],
  placeholderText?: string | null,
): JoinConsolidation {
  const contributions = uniqueContributions(included.flatMap((path) => path.contributions));
  const decisionSignals: Record<string, NormalizedSignal> = {};
  for (const contribution of contributions) {
    for (const [key, signal] of Object.entries(contribution.decision_signals)) {
      decisionSignals[`${contribution.node_id}.${key}`] = signal;
    }
  }
  const blocks = contributions.map(
    (contribution) =>
      `### ${contribution.label || contribution.node_id}\n\n${contribution.analysis_core.trim()}`,
  );
  for (const path of placeholders) {
    const text = placeholderText?.trim() || DEFAULT_PLACEHOLDERS[path.status];
    blocks.push(`### ${path.from}\n\n${text}`);
  }
  return {
    analysis_core: blocks.join('\n\n'),
    decision_signals: decisionSignals,
    contributions,
  };
}

export function uniqueContributions(
  contributions: readonly AnalysisContribution[],
): AnalysisContribution[] {
  const seen = new Set<string>();
  return contributions.filter((contribution) => {
    if (seen.has(contribution.node_id)) return false;
    seen.add(contribution.node_id);
    return true;
  });
}

function summary(path: JoinPath): JoinPathSummary {
  return { edge_id: path.edge_id, from: path.from, status: path.status };
}
