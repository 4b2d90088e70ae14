import { cronEveryMinutes, defineQueue } from './queue-definition';

describe('defineQueue', () => {
  it('fills the defaults and names the dead letter queue after the queue', () => {
    expect(defineQueue<{ a: number }>('wiki-import')).toEqual({
      name: 'wiki-import',
      deadLetter: 'wiki-import-dead',
      policy: 'standard',
      retryLimit: 3,
      retryDelaySeconds: 5,
      retryBackoff: true,
      concurrency: 1,
      retentionDays: 14,
    });
  });

  it.each(['Wiki', 'a_b', 'x-dead', '', '1abc'])('refuses the queue name %p', (name) => {
    expect(() => defineQueue(name)).toThrow(/kebab-case/);
  });

  it('refuses a concurrency below 1', () => {
    expect(() => defineQueue('q', { concurrency: 0 })).toThrow(/concurrency/);
  });
});

describe('cronEveryMinutes', () => {
  it.each([
    [1, '*/1 * * * *'],
    [15, '*/15 * * * *'],
    [60, '0 */1 * * *'],
    [90, '0 */2 * * *'],
    [1440, '0 0 */1 * *'],
    [10080, '0 0 */7 * *'],
  ])('turns %p minutes into %p', (minutes, cron) => {
    expect(cronEveryMinutes(minutes)).toBe(cron);
  });

  it('refuses 0 (a sweep that is off has no schedule)', () => {
    expect(() => cronEveryMinutes(0)).toThrow();
  });
});
