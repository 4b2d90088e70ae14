// The data-layer reads each chart makes, as the health service runs them (the chart's queries in
// parallel): the charts benchmark's bare-SQL baseline, shared by the benchmark and the bare chart
// server. `repo` is the compiled DataLayerRepository over a plain pg Pool.
const shift = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);

/** Per chart code: a function starting that chart's reads for user `u` and the window f…t. */
export function chartSeries(repo, u, f, t) {
  return {
    E1: () => [
      repo.nutritionDaily(u, shift(f, -6), t),
      repo.weightSeries(u, shift(t, -60), t),
      repo.profile(u),
    ],
    E2: () => [repo.nutritionDaily(u, f, t)],
    E3: () => [repo.nutritionDaily(u, f, t), repo.weightSeries(u, shift(f, -60), t)],
    E4: () => [repo.nutritionDaily(u, f, t), repo.weightSeries(u, shift(f, -60), t)],
    E5: () => [repo.nutritionDaily(u, f, t), repo.weightSeries(u, f, t)],
    A1: () => [repo.activitySessions(u, f, t)],
    A2: () => [repo.activityDaily(u, shift(f, -27), t, true)],
    A3: () => [repo.activityDaily(u, shift(f, -7), t, true)],
    A4: () => [repo.activitySessions(u, f, t), repo.weightSeries(u, shift(f, -365), t)],
    A5: () => [repo.activitySessions(u, f, t), repo.profile(u)],
    A6: () => [repo.activitySessions(u, f, t)],
    A7: () => [repo.activitySessions(u, f, t)],
    A8: () => [repo.activitySessions(u, f, t)],
    R1: () => [repo.vitalsDaily(u, 'resting_hr', shift(f, -28), t)],
    R2: () => [repo.vitalsDaily(u, 'hrv_rmssd', shift(f, -28), t)],
    R3: () => [repo.vitalsDaily(u, 'bp_systolic', f, t), repo.vitalsDaily(u, 'bp_diastolic', f, t)],
    R4: () => [repo.vitalsDaily(u, 'sleep_duration', shift(f, -6), t)],
    R5: () => [
      repo.vitalsDaily(u, 'resting_hr', shift(f, -28), t),
      repo.vitalsDaily(u, 'hrv_rmssd', shift(f, -28), t),
      repo.vitalsDaily(u, 'sleep_duration', shift(f, -28), t),
      repo.activityDaily(u, shift(f, -27), t, true),
    ],
    C1: () => [repo.weightSeries(u, shift(f, -60), t), repo.profile(u)],
    C2: () => [repo.caliperSeries(u, f, t), repo.weightSeries(u, shift(f, -7), t)],
    C3: () => [repo.circumferenceSeries(u, f, t), repo.profile(u)],
    C4: () => [repo.weightSeries(u, shift(f, -7), t), repo.caliperSeries(u, f, t), repo.profile(u)],
  };
}
