import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { PageQuery, PageQueryOf } from './page.query';

class ActivityQuery extends PageQueryOf({ defaultLimit: 100, maxLimit: 1000 }) {}

const check = async (cls: new () => object, query: Record<string, string>) => {
  const instance = plainToInstance(cls, query);
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true });
  return { instance, failed: errors.map((e) => e.property) };
};

describe('PageQuery', () => {
  it('defaults to limit 50 and offset 0', async () => {
    expect(await check(PageQuery, {})).toEqual({
      instance: expect.objectContaining({ limit: 50, offset: 0 }),
      failed: [],
    });
  });

  it('reads limit and offset from the query string', async () => {
    const { instance, failed } = await check(PageQuery, { limit: '500', offset: '1000000' });
    expect(instance).toMatchObject({ limit: 500, offset: 1_000_000 });
    expect(failed).toEqual([]);
  });

  it.each([
    ['offset', '100000000000000000000'],
    ['offset', '1000001'],
    ['offset', '-1'],
    ['offset', '2.5'],
    ['offset', 'Infinity'],
    ['offset', 'abc'],
    ['limit', '0'],
    ['limit', '501'],
    ['limit', ''],
  ])('refuses %s=%s', async (name, value) => {
    expect((await check(PageQuery, { [name]: value })).failed).toEqual([name]);
  });

  it('takes a route’s own default and maximum limit', async () => {
    expect((await check(ActivityQuery, {})).instance).toMatchObject({ limit: 100, offset: 0 });
    expect((await check(ActivityQuery, { limit: '1000' })).failed).toEqual([]);
    expect((await check(ActivityQuery, { limit: '1001' })).failed).toEqual(['limit']);
  });
});
