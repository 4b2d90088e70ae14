/**
 * Metabolic equivalents per activity type, from the 2011 Compendium of Physical Activities
 * (Ainsworth BE et al., Med Sci Sports Exerc 2011;43:1575-1581). One representative
 * moderate entry per type; the code of the Compendium row is given next to each value.
 * 1 MET ≈ 1 kcal per kg body mass per hour, so kcal = MET × kg × hours.
 */
export const MET_BY_ACTIVITY: Record<string, { met: number; compendium: string }> = {
  run: { met: 9.8, compendium: '12050 running, 6 mph (10 min/mile)' },
  walk: { met: 3.5, compendium: '17190 walking, 2.8-3.2 mph, level, moderate pace' },
  cycle: { met: 7.5, compendium: '01010 bicycling, general' },
  swim: { met: 5.8, compendium: '18310 swimming laps, freestyle, light or moderate effort' },
  strength: { met: 3.5, compendium: '02054 resistance training, multiple exercises, 8-15 reps' },
  hiit: { met: 8.0, compendium: '02020 calisthenics, vigorous effort' },
  yoga: { met: 2.5, compendium: '02150 yoga, Hatha' },
  row: { met: 7.0, compendium: '02072 rowing, stationary ergometer, moderate effort' },
  hike: { met: 6.0, compendium: '17080 hiking, cross country' },
  ski: { met: 5.3, compendium: '19150 skiing, downhill, moderate effort, general' },
  team_sport: { met: 7.0, compendium: '15610 soccer, casual, general' },
  // No Compendium row fits "other"; a generic moderate activity is assumed.
  other: { met: 4.0, compendium: 'assumption: generic moderate activity' },
};

export function metOf(type: string): number {
  return (MET_BY_ACTIVITY[type] ?? MET_BY_ACTIVITY.other).met;
}
