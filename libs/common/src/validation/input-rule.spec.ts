import { inputRuleViolations, MAX_INPUT_DEPTH } from './input-rule';

const nested = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describe('input rule', () => {
  it('accepts ordinary JSON values', () => {
    expect(
      inputRuleViolations({
        name: 'Anna 🏃',
        tags: ['a', 'b'],
        n: 1.5,
        zero: 0,
        ok: true,
        x: null,
      }),
    ).toEqual([]);
  });

  it('names the path of a NUL in a value, in an array item and in a key', () => {
    expect(
      inputRuleViolations({ a: 'x\u0000', list: ['ok', 'y\u0000'], ['k\u0000']: 1 }, 'body'),
    ).toEqual([
      { path: 'body.k\\u0000', message: 'field name must not contain the NUL character (U+0000)' },
      { path: 'body.a', message: 'must not contain the NUL character (U+0000)' },
      { path: 'body.list.1', message: 'must not contain the NUL character (U+0000)' },
    ]);
  });

  it('allows 64 levels of nesting and refuses 65 without walking further', () => {
    expect(inputRuleViolations(nested(MAX_INPUT_DEPTH))).toEqual([]);
    const [error, ...rest] = inputRuleViolations(nested(MAX_INPUT_DEPTH + 1));
    expect(error.message).toBe('is nested deeper than 64 levels');
    expect(error.path.split('.')).toHaveLength(MAX_INPUT_DEPTH);
    expect(rest).toEqual([]);
  });

  it('checks a value nested 100 000 deep without overflowing the stack', () => {
    expect(inputRuleViolations(nested(100_000))).toHaveLength(1);
  });

  it.each([Infinity, -Infinity, NaN, 2 ** 53, -(2 ** 60), 1e-7, -5e-324])(
    'refuses the number %p',
    (n) => {
      expect(inputRuleViolations({ n })).toEqual([
        {
          path: 'n',
          message:
            'must be a finite number, 0 or between 0.000001 and 9007199254740991 in magnitude',
        },
      ]);
    },
  );

  it.each([0, -0, 1e-6, -1e-6, 2 ** 53 - 1, -(2 ** 53 - 1), 0.1])('accepts the number %p', (n) => {
    expect(inputRuleViolations({ n })).toEqual([]);
  });

  it('refuses __proto__, constructor and prototype as keys at any depth', () => {
    const body = JSON.parse(
      '{"__proto__":{"x":1},"a":{"constructor":{"prototype":1}},"b":[{"prototype":2}]}',
    ) as unknown;
    expect(inputRuleViolations(body)).toEqual([
      { path: '__proto__', message: 'unknown field' },
      { path: 'a.constructor', message: 'unknown field' },
      { path: 'b.0.prototype', message: 'unknown field' },
    ]);
  });

  it('reports at most 100 violations', () => {
    expect(inputRuleViolations(Array.from({ length: 500 }, () => '\u0000'))).toHaveLength(100);
  });
});
