import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsString,
  validate,
  ValidateNested,
} from 'class-validator';
import { NestedArray } from './nested-array.decorator';

class Item {
  @IsString() name!: string;
}

class Body {
  @NestedArray(() => Item, { max: 2, min: 1 }) items!: Item[];
  @NestedArray(() => Item, { optional: true }) extra?: Item[];
  @NestedArray(() => Item, { optional: 'absent' }) patch?: Item[];
}

/** The hand-written stack the decorator replaces. */
class StackedBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => Item)
  items!: Item[];
}

async function errors(plain: object) {
  return validate(plainToInstance(Body, plain));
}

describe('NestedArray', () => {
  it('accepts a valid list and turns items into instances of the item class', async () => {
    const body = plainToInstance(Body, { items: [{ name: 'a' }] });
    expect(body.items[0]).toBeInstanceOf(Item);
    expect(await validate(body)).toEqual([]);
  });

  it('reports an item that fails its own rules under its index', async () => {
    const [error] = await errors({ items: [{ name: 'a' }, { name: 3 }] });
    expect(error.property).toBe('items');
    expect(error.children?.[0].property).toBe('1');
    expect(error.children?.[0].children?.[0].constraints).toEqual({
      isString: 'name must be a string',
    });
  });

  it('refuses too many and too few items', async () => {
    const [tooMany] = await errors({ items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] });
    expect(tooMany.constraints).toEqual({
      arrayMaxSize: 'items must contain no more than 2 elements',
    });
    const [tooFew] = await errors({ items: [] });
    expect(tooFew.constraints).toEqual({
      arrayMinSize: 'items must contain at least 1 elements',
    });
  });

  it('refuses a value that is not an array', async () => {
    const [error] = await errors({ items: { name: 'a' } });
    expect(error.constraints).toMatchObject({ isArray: 'items must be an array' });
  });

  it('answers with the same messages in the same order as the written stack', async () => {
    for (const items of ['x', null, [], [1, 2, 3]]) {
      const [composed] = await errors({ items });
      const [stacked] = await validate(plainToInstance(StackedBody, { items }));
      expect(Object.entries(composed.constraints ?? {})).toEqual(
        Object.entries(stacked.constraints ?? {}),
      );
    }
  });

  it('lets an optional list be left out; "absent" still refuses null', async () => {
    expect(await errors({ items: [{ name: 'a' }], extra: undefined, patch: undefined })).toEqual(
      [],
    );
    expect(await errors({ items: [{ name: 'a' }], extra: null })).toEqual([]);
    const [error] = await errors({ items: [{ name: 'a' }], patch: null });
    expect(error.property).toBe('patch');
    expect(error.constraints).toMatchObject({ isArray: 'patch must be an array' });
  });
});
