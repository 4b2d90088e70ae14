import { CommonEnv } from './common-env';
import { ConfigError, loadConfig } from './load-config';

const defaults = { PORT: 3000, EMBEDDED_PG_PORT: 54000, DATA_DIR: '.data/x' };

describe('loadConfig', () => {
  it('applies defaults and converts types', () => {
    const c = loadConfig(
      CommonEnv,
      { PORT: '8080', ADMIN_BOOTSTRAP_EMAILS: 'a@x.org, b@x.org', MIGRATIONS_RUN: 'false' },
      defaults,
    );
    expect(c.PORT).toBe(8080);
    expect(c.ADMIN_BOOTSTRAP_EMAILS).toEqual(['a@x.org', 'b@x.org']);
    expect(c.MIGRATIONS_RUN).toBe(false);
    expect(c.JWT_ACCESS_TTL_SECONDS).toBe(900);
  });

  it('refuses bad values and lists every problem', () => {
    expect(() =>
      loadConfig(
        CommonEnv,
        { PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' },
        defaults,
      ),
    ).toThrow(ConfigError);
    try {
      loadConfig(
        CommonEnv,
        { PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' },
        defaults,
      );
    } catch (e) {
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/LOG_LEVEL/);
    }
  });

  it('runs api and workers in one process unless SERVICE_ROLE says otherwise', () => {
    expect(loadConfig(CommonEnv, {}, defaults).SERVICE_ROLE).toBe('all');
    expect(loadConfig(CommonEnv, { SERVICE_ROLE: 'worker' }, defaults).SERVICE_ROLE).toBe('worker');
    expect(() => loadConfig(CommonEnv, { SERVICE_ROLE: 'both' }, defaults)).toThrow(/SERVICE_ROLE/);
  });

  it('refuses to start in production without a JWT secret', () => {
    expect(() => loadConfig(CommonEnv, { NODE_ENV: 'production' }, defaults)).toThrow(
      /JWT_SECRET: required in production/,
    );
  });

  it('requires MEDIA_URL_SECRET in production and derives a stable one elsewhere', () => {
    const jwt = 'j'.repeat(40);
    expect(() =>
      loadConfig(CommonEnv, { NODE_ENV: 'production', JWT_SECRET: jwt }, defaults),
    ).toThrow(/MEDIA_URL_SECRET: required in production/);
    const a = loadConfig(CommonEnv, { JWT_SECRET: jwt }, defaults).MEDIA_URL_SECRET;
    expect(a).toHaveLength(64);
    expect(a).not.toContain(jwt);
    expect(loadConfig(CommonEnv, { JWT_SECRET: jwt }, defaults).MEDIA_URL_SECRET).toBe(a);
    expect(
      loadConfig(CommonEnv, { JWT_SECRET: 'k'.repeat(40) }, defaults).MEDIA_URL_SECRET,
    ).not.toBe(a);
    expect(() => loadConfig(CommonEnv, { MEDIA_URL_SECRET: 'short' }, defaults)).toThrow(
      /MEDIA_URL_SECRET must be at least 32 characters/,
    );
    expect(loadConfig(CommonEnv, {}, defaults).MEDIA_URL_TTL_SECONDS).toBe(900);
  });

  it('refuses a short JWT secret', () => {
    expect(() => loadConfig(CommonEnv, { JWT_SECRET: 'short' }, defaults)).toThrow(
      /at least 32 characters/,
    );
  });
});
