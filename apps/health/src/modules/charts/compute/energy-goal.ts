/**
 * Daily energy goal of chart E1 (the goal line). Resting energy by Mifflin MD, St Jeor ST et
 * al., Am J Clin Nutr 1990;51:241-247: 10 × kg + 6.25 × cm − 5 × age + 5 (men) / − 161
 * (women), times the activity factor of the profile's activity level (the conventional
 * Harris-Benedict multipliers 1.2 … 1.9). A goal weight more than 0.5 kg below the current
 * weight takes 500 kcal/day off (≈ 0.45 kg/week at 7700 kcal/kg); one above adds 300.
 */
export const ACTIVITY_FACTORS = {
  sedentary: 1.2,
  light: 1.375,
  moderate: 1.55,
  active: 1.725,
  very_active: 1.9,
} as const;

export function mifflinStJeor(sex: 'female' | 'male', kg: number, cm: number, age: number): number {
  return 10 * kg + 6.25 * cm - 5 * age + (sex === 'male' ? 5 : -161);
}

export function energyGoalKcal(input: {
  sex: 'female' | 'male' | null;
  weightKg: number | null;
  heightCm: number | null;
  age: number | null;
  activityLevel: keyof typeof ACTIVITY_FACTORS | null;
  goalWeightKg: number | null;
}): number | null {
  const { sex, weightKg, heightCm, age, activityLevel, goalWeightKg } = input;
  if (!sex || weightKg === null || heightCm === null || age === null || !activityLevel) return null;
  const maintenance = mifflinStJeor(sex, weightKg, heightCm, age) * ACTIVITY_FACTORS[activityLevel];
  const adjust =
    goalWeightKg === null
      ? 0
      : goalWeightKg < weightKg - 0.5
        ? -500
        : goalWeightKg > weightKg + 0.5
          ? 300
          : 0;
  return Math.round(maintenance + adjust);
}
