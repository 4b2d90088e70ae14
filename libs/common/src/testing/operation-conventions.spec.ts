import { operationConventionProblems } from './operation-conventions';

const op = (operationId: string, extra: Record<string, unknown> = {}) => ({
  operationId,
  summary: 'Does a thing',
  ...extra,
});

describe('operationConventionProblems', () => {
  it('accepts a document that keeps every convention', () => {
    const doc = {
      paths: {
        '/api/things': { get: op('listThings'), post: op('createThing') },
        '/api/things/{id}': {
          get: op('getThing', {
            parameters: [{ in: 'path', name: 'id', schema: { type: 'string', format: 'uuid' } }],
          }),
        },
      },
      components: { schemas: { Thing: { type: 'object', properties: {} } } },
    };
    expect(operationConventionProblems(doc)).toEqual([]);
  });

  it('names each broken convention with the operation or schema that breaks it', () => {
    const doc = {
      paths: {
        '/api/things': {
          get: op('ThingsController_list'),
          post: { operationId: 'createThing', summary: ' ' },
          put: op('createThing'),
        },
        '/api/things/{id}': {
          get: op('getThing', {
            parameters: [{ in: 'path', name: 'id', schema: { type: 'string' } }],
          }),
        },
      },
      components: { schemas: { Loose: { type: ['object', 'null'] } } },
    };
    expect(operationConventionProblems(doc)).toEqual([
      'GET /api/things: operationId ThingsController_list is not verb-first camelCase',
      'POST /api/things: no summary',
      'POST /api/things: operationId createThing also names PUT /api/things',
      'GET /api/things/{id}: path parameter id is not format uuid',
      '#/components/schemas/Loose: object schema without properties or additionalProperties',
    ]);
  });
});
