import { CommonEnv, loadConfig } from '@sports/common';

/** Settings of the training service; see apps/training/.env.example. */
export class TrainingConfig extends CommonEnv {}

export function loadTrainingConfig(
  env: Record<string, string | undefined> = process.env,
): TrainingConfig {
  return loadConfig(TrainingConfig, env, {
    PORT: 3002,
    EMBEDDED_PG_PORT: 54332,
    DATA_DIR: '.data/training',
  });
}
