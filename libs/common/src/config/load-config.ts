import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { createHmac, randomBytes } from 'node:crypto';
import { CommonEnv } from './common-env';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment into `EnvClass`. Unknown variables are ignored (the
 * process environment holds many), bad values refuse the start with every problem listed.
 * Outside production a missing JWT_SECRET gets a random per-process secret (tokens then
 * do not survive a restart) and a missing MEDIA_URL_SECRET one derived from JWT_SECRET; in
 * production either missing refuses the start.
 */
export function loadConfig<T extends CommonEnv>(
  EnvClass: new () => T,
  env: Record<string, string | undefined>,
  defaults: Partial<Record<keyof T, string | number>> = {},
): T {
  const raw: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(env))
    if (value !== undefined && value !== '') raw[key] = value;
  const config = plainToInstance(EnvClass, raw, { exposeDefaultValues: true });
  const problems = validateSync(config, { whitelist: false }).flatMap((e) =>
    Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m}`),
  );
  if (!config.JWT_SECRET) {
    if (config.NODE_ENV === 'production') problems.push('JWT_SECRET: required in production');
    else config.JWT_SECRET = randomBytes(32).toString('hex');
  }
  if (!config.MEDIA_URL_SECRET) {
    if (config.NODE_ENV === 'production') problems.push('MEDIA_URL_SECRET: required in production');
    else
      config.MEDIA_URL_SECRET = createHmac('sha256', config.JWT_SECRET as string)
        .update('media-url-secret')
        .digest('hex');
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}
