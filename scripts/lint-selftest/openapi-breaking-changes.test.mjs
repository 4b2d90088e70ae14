// The differ of scripts/openapi/breaking-changes.mjs on small documents: what it must catch, and
// what it must let pass. Run by `pnpm lint` (lint:rules-selftest).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { breakingChanges, marksBreakingChange } from '../openapi/breaking-changes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A document with one schema-bearing operation per direction, changed by `edit`. */
function doc(edit = () => {}) {
  const d = {
    openapi: '3.0.0',
    paths: {
      '/api/items/{id}': {
        get: {
          parameters: [
            { in: 'path', name: 'id', required: true, schema: { type: 'string' } },
            { in: 'query', name: 'expand', required: false, schema: { type: 'boolean' } },
          ],
          responses: {
            200: {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
            },
          },
        },
        put: {
          parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ItemInput' } },
            },
          },
          responses: { 204: { description: 'saved' } },
        },
      },
    },
    components: {
      schemas: {
        Item: {
          type: 'object',
          required: ['id', 'kind', 'tags'],
          properties: {
            id: { type: 'string' },
            kind: { type: 'string', enum: ['a', 'b'] },
            weight: { type: 'number', nullable: true },
            tags: { type: 'array', items: { type: 'string' } },
            parent: { $ref: '#/components/schemas/Item' },
          },
        },
        ItemInput: {
          type: 'object',
          required: ['kind'],
          properties: {
            kind: { type: 'string', enum: ['a', 'b'] },
            notes: { type: 'string', nullable: true },
            count: { type: 'integer' },
          },
        },
      },
    },
  };
  edit(d);
  return d;
}
const schemas = (d) => d.components.schemas;
const changes = (edit) => breakingChanges(doc(), doc(edit));

test('an unchanged document and the committed documents against themselves have no breaking change', () => {
  assert.deepEqual(changes(), []);
  for (const service of ['health', 'training']) {
    const committed = JSON.parse(readFileSync(join(root, 'apps', service, 'openapi.json'), 'utf8'));
    assert.deepEqual(breakingChanges(committed, structuredClone(committed)), [], service);
  }
});

test('a removed operation breaks; a renamed path parameter does not', () => {
  assert.deepEqual(
    changes((d) => delete d.paths['/api/items/{id}'].put),
    ['PUT /api/items/{id}: operation removed'],
  );
  assert.deepEqual(
    changes((d) => {
      d.paths['/api/items/{itemId}'] = d.paths['/api/items/{id}'];
      delete d.paths['/api/items/{id}'];
    }),
    [],
  );
});

test('parameters: removed, new required, became required, narrowed', () => {
  const op = (d) => d.paths['/api/items/{id}'].get;
  assert.deepEqual(
    changes((d) => op(d).parameters.pop()),
    ['GET /api/items/{id}: query parameter expand removed'],
  );
  assert.deepEqual(
    changes((d) =>
      op(d).parameters.push({
        in: 'header',
        name: 'X-Active-Club-Id',
        required: true,
        schema: { type: 'string' },
      }),
    ),
    ['GET /api/items/{id}: new required header parameter X-Active-Club-Id'],
  );
  assert.deepEqual(
    changes((d) => (op(d).parameters[1].required = true)),
    ['GET /api/items/{id}: query parameter expand became required'],
  );
  assert.deepEqual(
    changes((d) => (op(d).parameters[0].schema = { type: 'integer' })),
    ['GET /api/items/{id}: path parameter id: type narrowed from string to integer'],
  );
  assert.deepEqual(
    changes((d) =>
      op(d).parameters.push({ in: 'query', name: 'page', schema: { type: 'integer' } }),
    ),
    [],
  );
});

test('request bodies: new required field, removed field, narrowed type, removed enum value, enum added', () => {
  const input = (d) => schemas(d).ItemInput;
  const at = 'PUT /api/items/{id}: request application/json';
  assert.deepEqual(
    changes((d) => input(d).required.push('count')),
    [`${at} field count became required`],
  );
  assert.deepEqual(
    changes((d) => {
      input(d).properties.due = { type: 'string' };
      input(d).required.push('due');
    }),
    [`${at}: new required field due`],
  );
  assert.deepEqual(
    changes((d) => delete input(d).properties.count),
    [`${at} field count removed`],
  );
  assert.deepEqual(
    changes((d) => (input(d).properties.notes.nullable = false)),
    [`${at} field notes: type narrowed from string | null to string`],
  );
  assert.deepEqual(
    changes((d) => (input(d).properties.kind.enum = ['a'])),
    [`${at} field kind: request enum value(s) ["b"] removed`],
  );
  assert.deepEqual(
    changes((d) => (input(d).properties.notes.enum = ['x'])),
    [`${at} field notes: enum ["x"] added`],
  );
});

test('request bodies may widen: optional field added, integer to number, null accepted, enum value added', () => {
  assert.deepEqual(
    changes((d) => {
      const input = schemas(d).ItemInput;
      input.properties.extra = { type: 'string' };
      input.properties.count = { type: ['number', 'null'] };
      input.properties.kind.enum.push('c');
      input.required = [];
    }),
    [],
  );
});

test('response bodies: removed field, became optional, changed type, null added, enum value removed', () => {
  const item = (d) => schemas(d).Item;
  const at = 'GET /api/items/{id}: response 200 application/json';
  assert.deepEqual(
    changes((d) => delete item(d).properties.weight),
    [`${at} field weight removed`],
  );
  assert.deepEqual(
    changes((d) => (item(d).required = ['id', 'kind'])),
    [`${at} field tags became optional`],
  );
  assert.deepEqual(
    changes((d) => (item(d).properties.tags.items = { type: 'integer' })),
    [`${at} field tags[]: type changed from string to integer`],
  );
  assert.deepEqual(
    changes((d) => (item(d).properties.id = { type: 'string', nullable: true })),
    [`${at} field id: type changed from string to string | null`],
  );
  assert.deepEqual(
    changes((d) => (item(d).properties.kind.enum = ['b'])),
    [`${at} field kind: response enum value(s) ["a"] removed`],
  );
});

test('response bodies may grow: new field, new enum value, a type made narrower, a new status', () => {
  assert.deepEqual(
    changes((d) => {
      const item = schemas(d).Item;
      item.properties.created = { type: 'string' };
      item.properties.kind.enum.push('c');
      item.properties.weight = { type: 'integer' };
      d.paths['/api/items/{id}'].get.responses[404] = { description: 'missing' };
    }),
    [],
  );
});

test('OpenAPI 3.1 type arrays, inline and allOf schemas compare like 3.0 ones', () => {
  const before = doc((d) => (schemas(d).Item.properties.weight = { type: ['number', 'null'] }));
  const after = doc((d) => {
    schemas(d).Item = {
      allOf: [
        { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        {
          type: 'object',
          required: ['kind', 'tags'],
          properties: {
            kind: { type: 'string', enum: ['a', 'b'] },
            weight: { type: 'number' },
            tags: { type: 'array', items: { type: 'string' } },
          },
        },
      ],
    };
  });
  assert.deepEqual(breakingChanges(before, after), [
    'GET /api/items/{id}: response 200 application/json field parent removed',
  ]);
});

test('the commit message marker is a line starting with BREAKING-CHANGE: and a reason', () => {
  assert.equal(
    marksBreakingChange(
      'Drop v1 items\n\nBREAKING-CHANGE: GET /api/items is gone, use /api/things',
    ),
    true,
  );
  assert.equal(marksBreakingChange('Drop v1 items\n\nBREAKING-CHANGE:'), false);
  assert.equal(marksBreakingChange('Drop v1 items (no BREAKING-CHANGE: here)'), false);
  assert.equal(marksBreakingChange('Add a field'), false);
});
