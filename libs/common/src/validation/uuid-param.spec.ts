import 'reflect-metadata';
import { ApiBadRequestResponse } from '@nestjs/swagger';
import { ValidationFailedError } from '../errors/domain-error';
import { UUID_PARAM_REFUSAL, UuidParam, UuidParamPipe } from './uuid-param';

const ID = '0b8f3c9e-5d1a-4c1e-9f3a-2b7d6e8f9a01';
const responses = (method: object): Record<string, { description: string }> =>
  Reflect.getMetadata('swagger/apiResponse', method) ?? {};
const params = (method: object): { name: string; format?: string }[] =>
  Reflect.getMetadata('swagger/apiParameters', method) ?? [];

class Routes {
  one(@UuidParam() id: string): string {
    return id;
  }
  two(@UuidParam('id') id: string, @UuidParam('rid') rid: string): string {
    return id + rid;
  }
  @ApiBadRequestResponse({ description: 'GRAPH_CYCLE' })
  own(@UuidParam() id: string): string {
    return id;
  }
}

describe('UuidParamPipe', () => {
  const pipe = new UuidParamPipe();

  it('passes a UUID through unchanged', () => {
    expect(pipe.transform(ID, { type: 'param', data: 'id' })).toBe(ID);
  });

  it('refuses anything else with VALIDATION_FAILED naming the parameter', () => {
    const refuse = () => pipe.transform('not-a-uuid', { type: 'param', data: 'rid' });
    expect(refuse).toThrow(ValidationFailedError);
    try {
      refuse();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'VALIDATION_FAILED',
        status: 400,
        errors: [{ path: 'rid', message: 'must be a UUID' }],
      });
    }
  });
});

describe('UuidParam', () => {
  it('declares the parameter as format uuid and the 400 it answers', () => {
    expect(params(Routes.prototype.one)).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', format: 'uuid' }),
    ]);
    expect(responses(Routes.prototype.one)['400']).toMatchObject({
      description: UUID_PARAM_REFUSAL,
    });
  });

  it('declares every id of a route and the 400 once', () => {
    expect(params(Routes.prototype.two).map((p) => p.name)).toEqual(
      expect.arrayContaining(['id', 'rid']),
    );
    expect(responses(Routes.prototype.two)['400'].description).toBe(UUID_PARAM_REFUSAL);
  });

  it("keeps the route's own 400 description first", () => {
    expect(responses(Routes.prototype.own)['400'].description).toContain('GRAPH_CYCLE');
  });
});
