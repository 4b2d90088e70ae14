/**
 * Fires `n` requests at once (none waits for another) and answers how many ended with each
 * status, e.g. `{ 201: 1, 409: 7 }`: the shape a test of a concurrent duplicate expects.
 */
export async function statusesOfConcurrent(
  n: number,
  send: (i: number) => PromiseLike<{ status: number }>,
): Promise<Record<number, number>> {
  const responses = await Promise.all(Array.from({ length: n }, (_v, i) => send(i)));
  const out: Record<number, number> = {};
  for (const r of responses) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}
