// The signals a logic node can read: `<node_id>.<key>` of the analysis nodes upstream of it
// (the engine refuses any other, CONDITION_SIGNAL_UNKNOWN). An analysis node answers its own
// question keys, or, without any, its prompt's questions: then every catalog key is offered.
import type { DraftGraph, Question } from '../types';

export function upstreamSignals(
  graph: DraftGraph,
  nodeId: string,
  questions: Question[],
): string[] {
  const upstream = new Set<string>();
  const todo = [nodeId];
  while (todo.length) {
    const id = todo.pop();
    for (const e of graph.edges) {
      if (e.to === id && !upstream.has(e.from)) {
        upstream.add(e.from);
        todo.push(e.from);
      }
    }
  }
  return graph.nodes
    .filter((n) => n.kind === 'analysis' && upstream.has(n.id))
    .flatMap((n) =>
      (n.question_keys?.length ? n.question_keys : questions.map((q) => q.key)).map(
        (key) => `${n.id}.${key}`,
      ),
    );
}

/**
 * The values a signal `<node_id>.<key>` is known to take, from the question catalogue: an enum
 * question's allowed values, true/false for a yes/no question; none for numbers and text.
 */
export function signalValues(signal: string, questions: Question[]): string[] {
  const key = signal.slice(signal.indexOf('.') + 1);
  const question = questions.find((q) => q.key === key);
  if (question?.answer_type === 'boolean') return ['true', 'false'];
  return question?.allowed_values ?? [];
}
