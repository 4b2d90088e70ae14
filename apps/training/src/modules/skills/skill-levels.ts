/**
 * Skill levels of an exercise, lowest first; the rank (1-5) is the position in this list and
 * is what `skill_level_min` / `skill_level_max` of GET /api/exercises compare against.
 */
export const SKILL_LEVELS = ['basis', 'grundlagen', 'aufbau', 'vertiefung', 'optimierung'] as const;

export type SkillLevel = (typeof SKILL_LEVELS)[number];

export function skillLevelRank(level: SkillLevel): number {
  return SKILL_LEVELS.indexOf(level) + 1;
}
