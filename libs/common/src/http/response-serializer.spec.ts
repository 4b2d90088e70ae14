import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiPath, ResponseSerializers } from './response-serializer';

const json = (schema: object) => ({
  description: 'ok',
  content: { 'application/json': { schema } },
});

/** A small OpenAPI 3.1 document with the shapes the services' documents use. */
const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/api/weight': {
      get: {
        responses: {
          '200': json({
            type: 'object',
            properties: {
              items: { type: 'array', items: { $ref: '#/components/schemas/Weight' } },
              total: { type: 'integer' },
            },
            required: ['items', 'total'],
          }),
        },
      },
    },
    '/api/weight/{id}': {
      get: {
        responses: {
          '200': json({ $ref: '#/components/schemas/Weight' }),
          '404': {
            description: 'problem',
            content: { 'application/problem+json': { schema: { type: 'object' } } },
          },
        },
      },
    },
    '/api/settings': {
      get: {
        responses: {
          '200': json({
            type: 'object',
            properties: {
              counts: { type: 'object', additionalProperties: { type: 'integer' } },
              extra: { type: 'object', description: 'free-form' },
              labels: {
                type: 'object',
                additionalProperties: { $ref: '#/components/schemas/Label' },
              },
            },
          }),
        },
      },
    },
    '/api/mixed': {
      post: {
        responses: {
          '201': json({
            oneOf: [{ $ref: '#/components/schemas/Label' }, { type: 'array', items: {} }],
          }),
        },
      },
    },
    '/api/fhir': {
      get: {
        responses: {
          '200': {
            description: 'bundle',
            content: {
              'application/fhir+json': {
                schema: { type: 'object', properties: { resourceType: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Weight: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          weight_kg: { type: 'number' },
          note: { type: ['string', 'null'] },
          unit: { type: 'string', enum: ['kg', 'lb'] },
          measured_at: { type: 'string', format: 'date-time' },
          day: { type: 'string', format: 'date' },
          tags: { type: ['array', 'null'], items: { type: 'string' } },
          label: { anyOf: [{ $ref: '#/components/schemas/Label' }, { type: 'null' }] },
          source: {
            type: 'object',
            properties: { name: { type: 'string' }, version: { type: ['integer', 'null'] } },
          },
        },
        required: ['id', 'weight_kg', 'note', 'measured_at'],
      },
      Label: {
        type: 'object',
        properties: { text: { type: 'string' }, colour: { type: 'string' } },
        required: ['text'],
      },
    },
  },
} as unknown as OpenAPIObject;

describe('ResponseSerializers', () => {
  const serializers = new ResponseSerializers(document);
  const weight = serializers.find('GET /api/weight/{id}', 200)!;
  const row = {
    id: '8a4a3f9e-2b7c-4c55-9d0e-1f2a3b4c5d6e',
    weight_kg: 72.35,
    note: null,
    unit: 'kg',
    measured_at: '2026-03-01T07:15:00.123+01:00',
    day: '2026-03-01',
    tags: ['morning', 'fasted "really"', 'ü\u2028'],
    label: { text: 'ok', colour: 'green' },
    source: { name: 'scale', version: null },
  };

  it('compiles every 2xx JSON response, nothing else', () => {
    expect(serializers.uncompiled).toEqual([]);
    expect(serializers.find('GET /api/weight/{id}', 404, 'application/problem+json')).toBe(
      undefined,
    );
    expect(serializers.find('GET /api/weight/{id}', 201)).toBe(undefined);
    expect(serializers.find('GET /api/nowhere', 200)).toBe(undefined);
  });

  it('writes declared fields exactly as JSON.stringify does (refs, nullable, enums, dates)', () => {
    expect(weight(row)).toBe(JSON.stringify(row));
    const nulls = { ...row, tags: null, label: null, source: { name: 'x', version: 3 } };
    expect(weight(nulls)).toBe(JSON.stringify(nulls));
  });

  it('passes date-time and date strings through unchanged and writes a Date as toISOString', () => {
    const text = weight({ ...row, measured_at: '2026-03-01T07:15:00+01:00' });
    expect(JSON.parse(text).measured_at).toBe('2026-03-01T07:15:00+01:00');
    const at = new Date('2026-03-01T06:15:00.5Z');
    expect(JSON.parse(weight({ ...row, measured_at: at })).measured_at).toBe(at.toISOString());
  });

  it('drops undeclared fields at every level, also of referenced and array item schemas', () => {
    const leaky = {
      ...row,
      password_hash: 'secret',
      label: { ...row.label, owner_id: 'u1' },
      source: { ...row.source, token: 't' },
    };
    expect(weight(leaky)).toBe(JSON.stringify(row));
    const list = serializers.find('GET /api/weight', 200)!;
    const page = { items: [leaky, leaky], total: 2, debug: true };
    expect(list(page)).toBe(JSON.stringify({ items: [row, row], total: 2 }));
  });

  it('leaves out a missing property (even a required one) as JSON.stringify does', () => {
    const { note: _note, ...partial } = row;
    expect(weight(partial)).toBe(JSON.stringify(partial));
  });

  it('writes maps (additionalProperties) and free-form objects whole', () => {
    const settings = serializers.find('GET /api/settings', 200)!;
    const body = {
      counts: { a: 1, 'b c': 2 },
      extra: { nested: { any: [1, 'x', null] }, flag: true },
      labels: { first: { text: 'x', colour: 'red' } },
    };
    expect(settings(body)).toBe(JSON.stringify(body));
    const leaky = { ...body, labels: { first: { text: 'x', colour: 'red', secret: 1 } } };
    expect(settings(leaky)).toBe(JSON.stringify(body));
  });

  it('writes oneOf alternatives by the one that matches', () => {
    const mixed = serializers.find('POST /api/mixed', 201)!;
    expect(mixed({ text: 'a', hidden: 1 })).toBe('{"text":"a"}');
    expect(mixed([1, { a: 2 }])).toBe('[1,{"a":2}]');
  });

  it('finds the media type of the answer, or the only JSON one', () => {
    const fhir = { resourceType: 'Bundle', internal: 1 };
    expect(serializers.find('GET /api/fhir', 200)!(fhir)).toBe('{"resourceType":"Bundle"}');
    expect(
      serializers.find('GET /api/fhir', 200, 'application/fhir+json; charset=utf-8'),
    ).toBeDefined();
    expect(serializers.find('GET /api/fhir', 200, 'text/csv')).toBe(undefined);
  });

  it('reads Express route paths as document paths', () => {
    expect(openApiPath('/api/weight/:id/notes/:note_id')).toBe('/api/weight/{id}/notes/{note_id}');
  });
});

describe('ResponseSerializers with a schema it cannot compile', () => {
  it('lists the operation and writes it by JSON.stringify', () => {
    const broken = {
      ...document,
      paths: {
        '/api/broken': {
          get: { responses: { '200': json({ $ref: '#/components/schemas/Missing' }) } },
        },
      },
    } as unknown as OpenAPIObject;
    const serializers = new ResponseSerializers(broken);
    expect(serializers.uncompiled.map((u) => u.operation)).toEqual([
      'GET /api/broken 200 application/json',
    ]);
    expect(serializers.find('GET /api/broken', 200)).toBe(undefined);
  });
});
