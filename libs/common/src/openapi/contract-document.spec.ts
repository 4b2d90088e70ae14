import type { OpenAPIObject } from '@nestjs/swagger';
import { ContractValidator } from '../testing/contract-validator';
import { defineErrors, serviceErrorCatalogue } from '../errors/error-catalogue';
import { applyContract, toOpenApi31 } from './contract-document';

const OWN = defineErrors({
  THING_TAKEN: { status: 409, title: 'Thing taken', description: 'The name is taken.' },
  THING_LOCKED: { status: 409, title: 'Thing locked', description: 'The thing is locked.' },
});

function document(): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {
      '/api/things/{id}': {
        put: {
          operationId: 'replaceThing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          security: [{ bearer: [] }],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/Thing' } },
              },
            },
            '404': { description: 'Not found' },
            '409': { description: 'THING_TAKEN: another thing has the name' },
          },
          'x-error-codes': ['THING_LOCKED'],
        } as never,
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['name', 'note'],
          properties: {
            name: { type: 'string' },
            note: { type: 'string', nullable: true },
            parent: { nullable: true, allOf: [{ $ref: '#/components/schemas/Thing' }] },
          },
        },
      },
    },
  };
}

describe('the contract document', () => {
  const catalogue = serviceErrorCatalogue(OWN);
  const doc = applyContract(document(), catalogue);
  const put = doc.paths['/api/things/{id}'].put!;
  const codesOf = (status: string): string[] =>
    (
      put.responses[status] as {
        content: Record<
          string,
          { schema: { allOf: { properties?: { code: { enum: string[] } } }[] } }
        >;
      }
    ).content['application/problem+json'].schema.allOf[1].properties!.code.enum;

  it('is OpenAPI 3.1 with nullability as a type list', () => {
    expect(doc.openapi).toBe('3.1.0');
    const thing = doc.components!.schemas!.Thing as { properties: Record<string, object> };
    expect(thing.properties.note).toEqual({ type: ['string', 'null'] });
    expect(thing.properties.parent).toEqual({
      anyOf: [{ allOf: [{ $ref: '#/components/schemas/Thing' }] }, { type: 'null' }],
    });
  });

  it('restricts each error status to the codes the operation answers', () => {
    expect(codesOf('409')).toEqual(['THING_LOCKED', 'THING_TAKEN']);
    expect(codesOf('404')).toEqual(['NOT_FOUND']);
    expect(codesOf('400')).toEqual(['VALIDATION_FAILED']);
    expect(codesOf('401')).toEqual(['UNAUTHENTICATED']);
    expect(codesOf('413')).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(codesOf('503')).toEqual(['SERVICE_UNAVAILABLE']);
    expect(put).not.toHaveProperty('x-error-codes');
  });

  it('refuses a declared code that is not in the catalogue', () => {
    const bad = document();
    (bad.paths['/api/things/{id}'].put as unknown as Record<string, unknown>)['x-error-codes'] = [
      'NO_SUCH_CODE',
    ];
    expect(() => applyContract(bad, catalogue)).toThrow(/NO_SUCH_CODE/);
  });

  it('makes a nullable reference typed as an object a choice of the reference and null', () => {
    const schema = { type: 'object', nullable: true, allOf: [{ $ref: '#/x' }] };
    toOpenApi31(schema);
    expect(schema).toEqual({ anyOf: [{ allOf: [{ $ref: '#/x' }] }, { type: 'null' }] });
  });

  it("adds null to a copy of a nullable enum, never to the application's own array", () => {
    const modes = ['AUTO', 'TEMPLATE'];
    const nullable = { type: 'string', enum: modes, nullable: true };
    const plain = { type: 'string', enum: modes };
    toOpenApi31({ nullable, plain });
    expect(nullable).toEqual({ type: ['string', 'null'], enum: ['AUTO', 'TEMPLATE', null] });
    expect(plain).toEqual({ type: 'string', enum: ['AUTO', 'TEMPLATE'] });
    expect(modes).toEqual(['AUTO', 'TEMPLATE']);
  });

  it('converts exclusive bounds to 3.1 numbers', () => {
    const schema = { type: 'number', minimum: 0, exclusiveMinimum: true };
    toOpenApi31(schema);
    expect(schema).toEqual({ type: 'number', exclusiveMinimum: 0 });
  });

  describe('checked by the contract validator', () => {
    const validator = new ContractValidator(doc);
    const check = (status: number, type: string, body: unknown) =>
      validator.check('PUT', '/api/things/{id}', status, type, Buffer.from(JSON.stringify(body)));
    const problem = (status: number, code: string) => ({
      type: 'urn:problem:x',
      title: 'x',
      status,
      detail: 'x',
      code,
      request_id: '1',
    });

    it('accepts a declared success and problem', () => {
      expect(check(200, 'application/json', { name: 'a', note: null })).toEqual([]);
      expect(check(409, 'application/problem+json', problem(409, 'THING_TAKEN'))).toEqual([]);
    });

    it('refuses an undeclared field, status, code or content type', () => {
      expect(
        check(200, 'application/json', { name: 'a', note: null, secret: 1 })[0].problem,
      ).toMatch(/schema/);
      expect(check(200, 'application/json', { name: 'a' })[0].problem).toMatch(/note/);
      expect(check(418, 'application/json', {})[0].problem).toMatch(/status 418/);
      expect(
        check(404, 'application/problem+json', problem(404, 'THING_TAKEN'))[0].problem,
      ).toMatch(/code/);
      expect(check(200, 'text/html', {})[0].problem).toMatch(/content type/);
      expect(validator.check('GET', '/api/nothing', 200, undefined, undefined)).toHaveLength(1);
    });
  });
});
