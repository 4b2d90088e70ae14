import type { OpenAPIObject } from '@nestjs/swagger';
import { eventStreamSchema } from '../openapi/event-stream-schema';
import { ContractValidator } from './contract-validator';

/** An operation answering Server-Sent Events: `tick` events, then one `end`. */
const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/api/ticks': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: {
              'text/event-stream': {
                schema: eventStreamSchema({
                  tick: { id: { description: 'n' }, data: { $ref: '#/components/schemas/Tick' } },
                  end: { data: { type: 'object' } },
                }),
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Tick: { type: 'object', required: ['n'], properties: { n: { type: 'number' } } },
    },
  },
} as unknown as OpenAPIObject;

describe('contract validator: text/event-stream', () => {
  const validator = new ContractValidator(doc);
  const check = (text: string) =>
    validator.check(
      'GET',
      '/api/ticks',
      200,
      'text/event-stream; charset=utf-8',
      Buffer.from(text),
    );

  it('accepts events whose data matches, keep-alive comments among them', () => {
    const stream = 'id: 1\nevent: tick\ndata: {"n":1}\n\n: keep-alive\n\nevent: end\ndata: {}\n\n';
    expect(check(stream)).toEqual([]);
  });

  it('refuses an event whose data breaks its schema, an undeclared event, data that is not JSON', () => {
    expect(check('id: 1\nevent: tick\ndata: {"n":"one"}\n\n')[0].problem).toMatch(/schema/);
    expect(check('id: 1\nevent: tick\ndata: {"n":1,"more":2}\n\n')[0].problem).toMatch(/schema/);
    expect(check('event: tick\ndata: {"n":1}\n\n')[0].problem).toMatch(/schema/);
    expect(check('event: tock\ndata: {}\n\n')[0].problem).toMatch(/schema/);
    expect(check('id: 1\nevent: tick\ndata: {"n":\n\n')[0].problem).toMatch(/not JSON/);
  });
});
