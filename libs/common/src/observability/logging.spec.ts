import { requestLogLevel } from './logging';

describe('requestLogLevel', () => {
  const sampled = { successSampleRate: 0.1, slowRequestMs: 500 };

  it('always logs errors and refusals', () => {
    expect(requestLogLevel(sampled, 500, false, 1, () => 0.99)).toBe('error');
    expect(requestLogLevel(sampled, 200, true, 1, () => 0.99)).toBe('error');
    expect(requestLogLevel(sampled, 404, false, 1, () => 0.99)).toBe('warn');
  });

  it('samples fast successes and always logs slow ones', () => {
    expect(requestLogLevel(sampled, 200, false, 1, () => 0.05)).toBe('info');
    expect(requestLogLevel(sampled, 200, false, 1, () => 0.5)).toBe('silent');
    expect(requestLogLevel(sampled, 200, false, 600, () => 0.5)).toBe('info');
  });

  it('logs every success at rate 1 and none at rate 0', () => {
    const all = { successSampleRate: 1, slowRequestMs: 1000 };
    const none = { successSampleRate: 0, slowRequestMs: 1000 };
    expect(requestLogLevel(all, 201, false, 1, () => 0.999)).toBe('info');
    expect(requestLogLevel(none, 201, false, 1, () => 0)).toBe('silent');
  });
});
