import { defaultWaitTimeoutMs, waitFor } from './wait-for';

/** A condition answering `answers` in turn (a function throws its error), then the last one forever. */
function scripted<T>(...answers: (T | (() => never))[]) {
  let calls = 0;
  const condition = () => {
    const answer = answers[Math.min(calls++, answers.length - 1)];
    return typeof answer === 'function' ? (answer as () => never)() : answer;
  };
  return { condition, calls: () => calls };
}

const fail = (message: string) => () => {
  throw new Error(message);
};

describe('waitFor', () => {
  it('answers the first truthy value, calling again while the answer is falsy', async () => {
    const { condition, calls } = scripted<unknown>(undefined, false, 0, null, '', { id: 7 });
    await expect(waitFor(condition, { intervalMs: 1 })).resolves.toEqual({ id: 7 });
    expect(calls()).toBe(6);
  });

  it('answers at once, without pausing, when the first call is truthy', async () => {
    const { condition, calls } = scripted('ready');
    await expect(waitFor(condition, { intervalMs: 60_000 })).resolves.toBe('ready');
    expect(calls()).toBe(1);
  });

  it('calls again while the condition throws, until it stops throwing', async () => {
    const { condition, calls } = scripted<boolean>(fail('not yet'), fail('still not'), true);
    await expect(waitFor(condition, { intervalMs: 1 })).resolves.toBe(true);
    expect(calls()).toBe(3);
  });

  it('awaits an async condition, a rejection counting as "not yet"', async () => {
    let calls = 0;
    const condition = async () => {
      calls++;
      await Promise.resolve();
      if (calls < 3) throw new Error('not yet');
      return calls === 3 ? 0 : 'done';
    };
    await expect(waitFor(condition, { intervalMs: 1 })).resolves.toBe('done');
    expect(calls).toBe(4);
  });

  it('after the deadline throws an Error naming the message and the last value', async () => {
    const { condition, calls } = scripted<unknown>(0);
    const error = await waitFor(condition, {
      timeoutMs: 30,
      intervalMs: 1,
      message: 'the job to finish',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('the job to finish');
    expect((error as Error).message).toContain('last value: 0');
    expect(calls()).toBeGreaterThanOrEqual(1);
  });

  it('after the deadline throws naming the last error, kept as the cause', async () => {
    const { condition } = scripted<boolean>(fail('first'), fail('expected 2, received 1'));
    const error = (await waitFor(condition, {
      timeoutMs: 30,
      intervalMs: 1,
      message: 'two rows',
    }).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('two rows');
    expect(error.message).toContain('last error: expected 2, received 1');
    expect((error.cause as Error).message).toBe('expected 2, received 1');
  });

  it('hints at `return true` when an assertion-style condition answers undefined', async () => {
    const error = (await waitFor(() => undefined, { timeoutMs: 0 }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toContain('last value: undefined');
    expect(error.message).toContain('return true');
  });

  it('calls the condition at least once, even with no time at all', async () => {
    const { condition, calls } = scripted<unknown>(false, 'late');
    await expect(waitFor(condition, { timeoutMs: 0 })).rejects.toThrow('last value: false');
    expect(calls()).toBe(1);
    await expect(waitFor(() => 'yes', { timeoutMs: 0 })).resolves.toBe('yes');
  });

  it('gives up on a call that never answers when the deadline passes', async () => {
    const never = () => new Promise<boolean>(() => undefined);
    await expect(waitFor(never, { timeoutMs: 20, message: 'the socket' })).rejects.toThrow(
      /the socket.*had not answered/,
    );
  });

  describe('default deadline', () => {
    const saved = process.env.TEST_WAIT_TIMEOUT_MS;
    afterEach(() => {
      if (saved === undefined) delete process.env.TEST_WAIT_TIMEOUT_MS;
      else process.env.TEST_WAIT_TIMEOUT_MS = saved;
    });

    it('is 60 s', () => {
      delete process.env.TEST_WAIT_TIMEOUT_MS;
      expect(defaultWaitTimeoutMs()).toBe(60_000);
    });

    it('is overridden by env TEST_WAIT_TIMEOUT_MS (read at each call)', async () => {
      process.env.TEST_WAIT_TIMEOUT_MS = '15';
      expect(defaultWaitTimeoutMs()).toBe(15);
      await expect(waitFor(() => false, { intervalMs: 1 })).rejects.toThrow(
        'waitFor gave up after 15 ms',
      );
    });

    it('ignores an unusable TEST_WAIT_TIMEOUT_MS', () => {
      process.env.TEST_WAIT_TIMEOUT_MS = 'soon';
      expect(defaultWaitTimeoutMs()).toBe(60_000);
    });
  });
});
