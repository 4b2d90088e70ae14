import fc from 'fast-check';

/** A JSON schema as @nestjs/swagger writes it (the subset the fuzzer reads). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

/** JSON text written as it is: numbers JSON.stringify cannot write (`1e400`), deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of `value`, with RawJson written verbatim and own `__proto__` keys kept. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value).map(
      (k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`,
    );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object with `key` as an own property, even for `__proto__`. */
export function withKey(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return target;
}

const nest = (depth: number, kind: 'array' | 'object'): RawJson =>
  kind === 'array'
    ? new RawJson(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
    : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/** Keys a body must never carry; sent as extra fields. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'unknown_field', 'a\u0000b'];

/** Values of the wrong kind or at the edges of what a parser, a validator or PostgreSQL take. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    0.5,
    '',
    ' ',
    [],
    {},
    'a\u0000b',
    '\u0000',
    'Ünïcødé 🏋️‍♀️ \u202e rtl 中文',
    '\ud800',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '2026-02-30',
    '0000-01-01',
    '9999-12-31',
    'NaN',
    '1e400',
  ),
  fc.constantFrom(
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('100000000000000000000'),
    new RawJson('9007199254740993'),
    new RawJson('2147483648'),
    new RawJson('-2147483649'),
    new RawJson('1e-400'),
    new RawJson('123456789.123456789'),
  ),
  fc
    .constantFrom(65, 200, 3000)
    .chain((d) => fc.constantFrom('array' as const, 'object' as const).map((k) => nest(d, k))),
  fc.constantFrom(300, 3000, 20000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(1000, 5000).map((n) => '🏃'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Strings for query and path parameters, which arrive as text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'a\u0000b',
    '%00',
    '100000000000000000000',
    '-1',
    '1.5',
    '1e400',
    'Infinity',
    'NaN',
    'true',
    'null',
    '[]',
    '{}',
    '..%2F..%2Fetc%2Fpasswd',
    'Ünïcødé 🏋️‍♀️',
    '2026-02-30',
    '0000-01-01',
    '9999-12-31',
    "' OR 1=1 --",
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
  fc.constantFrom(300, 5000).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

export interface ValueContext {
  /** False: only values of the schema's own kind and shape; true: hostile ones mixed in. */
  hostile: boolean;
  resolve(schema: Schema): Schema;
  /** Values seen in earlier responses (ids, keys) usable for a field or parameter of this name. */
  known(name: string, schema: Schema): string[];
}

const isType = (s: Schema, t: string): boolean =>
  s.type === t || (Array.isArray(s.type) && s.type.includes(t));

const daysAgo = (days: number): string =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Strings for a string schema: mostly acceptable ones, some at its edges. */
function stringArb(s: Schema, name: string, ctx: ValueContext): fc.Arbitrary<string> {
  const known = ctx.known(name, s);
  const max = s.maxLength ?? 10_000;
  const min = s.minLength ?? 0;
  const options: fc.Arbitrary<string>[] = [];
  if (s.format === 'uuid') {
    options.push(fc.uuid());
  } else if (s.format === 'date' || /date$|_on$|^from$|^to$/.test(name)) {
    options.push(fc.constantFrom(daysAgo(0), daysAgo(1), daysAgo(30), daysAgo(400), '2024-02-29'));
  } else if (s.format === 'date-time' || /_at$/.test(name)) {
    options.push(
      fc
        .date({ min: new Date('2020-01-01'), max: new Date(), noInvalidDate: true })
        .map((d) => d.toISOString()),
    );
  } else if (s.format === 'email' || name === 'email') {
    options.push(fc.emailAddress());
  } else if (s.pattern) {
    options.push(fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= max));
  } else {
    options.push(
      fc.string({ minLength: min, maxLength: Math.min(max, 40) }),
      fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) }),
      fc.constant('y'.repeat(Math.max(min, max))),
    );
  }
  if (s.example !== undefined && typeof s.example === 'string')
    options.push(fc.constant(s.example));
  if (known.length) options.push(fc.constantFrom(...known), fc.constantFrom(...known));
  return fc.oneof(...options);
}

function numberArb(s: Schema, integer: boolean, hostile: boolean): fc.Arbitrary<unknown> {
  const min = s.minimum ?? (integer ? -2_147_483_649 : -1e15);
  const max = s.maximum ?? (integer ? 2_147_483_648 : 1e15);
  const edges = [min, max, s.minimum === undefined ? 0 : min, Math.round((min + max) / 2)];
  return fc.oneof(
    fc.constantFrom(...edges.map((n) => (integer ? Math.round(n) : n))),
    integer
      ? fc.integer({
          min: Math.ceil(Math.max(min, -(2 ** 31))),
          max: Math.floor(Math.min(max, 2 ** 31)),
        })
      : fc
          .integer({
            min: Math.ceil(Math.max(min, -1e12) * 10),
            max: Math.floor(Math.min(max, 1e12) * 10),
          })
          .map((n) => n / 10),
    integer || !hostile ? fc.constant(Math.round(min)) : fc.double({ min, max, noNaN: true }),
  );
}

/**
 * Values for a schema: of its own kind and shape, at its edges (so that requests reach the
 * services and the database), and in a hostile context also hostile values, missing required
 * fields and extra keys.
 */
export function valueArb(
  schema: Schema,
  ctx: ValueContext,
  name = '',
  level = 0,
): fc.Arbitrary<unknown> {
  if (!ctx.hostile) return acceptableArb(schema, ctx, name, level);
  return fc.oneof(
    { weight: 5, arbitrary: acceptableArb(schema, ctx, name, level) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Values of the schema's own kind (built lazily: schemas may refer to themselves). */
export function acceptableArb(
  schema: Schema,
  ctx: ValueContext,
  name = '',
  level = 0,
): fc.Arbitrary<unknown> {
  return fc.constant(null).chain(() => schemaArb(schema, ctx, name, level));
}

function schemaArb(
  schema: Schema,
  ctx: ValueContext,
  name: string,
  level: number,
): fc.Arbitrary<unknown> {
  const s = ctx.resolve(schema);
  const variants = s.oneOf ?? s.anyOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueArb(v, ctx, name, level)));
  let arb: fc.Arbitrary<unknown>;
  if (s.enum?.length) arb = fc.constantFrom(...s.enum);
  else if (isType(s, 'string')) arb = stringArb(s, name, ctx);
  else if (isType(s, 'integer')) arb = numberArb(s, true, ctx.hostile);
  else if (isType(s, 'number')) arb = numberArb(s, false, ctx.hostile);
  else if (isType(s, 'boolean')) arb = fc.boolean();
  else if (isType(s, 'array') || s.items) {
    const items = s.items ?? {};
    arb =
      level > 6
        ? fc.constant([])
        : fc.array(valueArb(items, ctx, name, level + 1), {
            minLength: Math.min(s.minItems ?? 0, 3),
            maxLength: Math.min(s.maxItems ?? 4, 4),
          });
  } else if (s.properties) arb = objectArb(s, ctx, level);
  else if (s.example !== undefined) arb = fc.constantFrom(s.example, {});
  else arb = level > 6 ? fc.constant({}) : fc.jsonValue({ maxDepth: 3 });
  return s.nullable
    ? fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) })
    : arb;
}

function objectArb(s: Schema, ctx: ValueContext, level: number): fc.Arbitrary<unknown> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  if (level > 6) return fc.constant({});
  const fields = props.map(([key, prop]) =>
    fc
      .tuple(fc.integer({ min: 0, max: 19 }), valueArb(prop, ctx, key, level + 1))
      .map(([dice, value]): [string, unknown] | undefined =>
        (required.has(key) ? ctx.hostile && dice === 0 : dice < 8) ? undefined : [key, value],
      ),
  );
  const extra = ctx.hostile
    ? fc.option(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), hostileValue), { freq: 4 })
    : fc.constant(null);
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, more]) => {
    const out: Record<string, unknown> = {};
    for (const e of entries) if (e) withKey(out, e[0], e[1]);
    if (more) withKey(out, more[0], more[1]);
    return out;
  });
}
